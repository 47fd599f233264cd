import type { ReactNode } from 'react';

/** The /home hero banner (spec §2): the page's h1 over the search and filters. */
export function FeedHero({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-6 rounded-2xl bg-brand-800 px-4 py-6 text-white shadow-sm sm:px-6 md:py-8">
      <h1 className="mb-1 text-2xl font-bold tracking-tight md:text-3xl">{title}</h1>
      <p className="mb-5 text-brand-50">Products and services from people across Zimbabwe.</p>
      {children}
    </section>
  );
}
