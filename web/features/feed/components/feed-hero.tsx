import type { ReactNode } from 'react';

/** The /home hero banner (spec §2): the page's h1 over the search and filters. */
export function FeedHero({ title, children }: { title: string; children: ReactNode }) {
  return (
    // Short on a phone (the title in two lines, no strapline) so the first cards show on the first screen.
    <section className="mb-2 rounded-2xl bg-brand-800 px-4 py-4 text-white shadow-sm sm:mb-6 sm:px-6 sm:py-6 md:py-8">
      <h1 className="mb-3 text-xl font-bold leading-tight tracking-tight sm:mb-1 sm:text-2xl md:text-3xl">
        {title}
      </h1>
      <p className="mb-5 hidden text-brand-50 sm:block">Products and services from people across Zimbabwe.</p>
      {children}
    </section>
  );
}
