import { type ReactNode, useEffect } from 'react';

/** A screen's frame: its <h1>, the document title, and a width that suits the content. */
export function Page({
  title,
  width = 'narrow',
  children,
}: {
  title: string;
  width?: 'narrow' | 'wide';
  children: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · Zim Marketplace`;
  }, [title]);
  return (
    <div className={`mx-auto w-full px-4 py-6 ${width === 'narrow' ? 'max-w-md' : 'max-w-6xl'}`}>
      <h1 className="mb-6 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {children}
    </div>
  );
}

export function Loading() {
  return (
    <p role="status" className="p-6 text-center text-slate-700">
      Loading...
    </p>
  );
}
