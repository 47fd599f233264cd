import { type ReactNode, useEffect } from 'react';

const WIDTHS = { narrow: 'max-w-md', medium: 'max-w-2xl', wide: 'max-w-6xl' } as const;

/** A screen's frame: its <h1>, the document title, and a width that suits the content. */
export function Page({
  title,
  width = 'narrow',
  children,
}: {
  title: string;
  width?: keyof typeof WIDTHS;
  children: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · Zim Marketplace`;
  }, [title]);
  return (
    <div className={`mx-auto w-full px-4 py-6 ${WIDTHS[width]}`}>
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
