// About (spec §1, §2): the platform, products, services, contact and version; and what this visit
// has downloaded (decision 026).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { APP_VERSION } from '../../shared/catalog';
import { formatBytes } from '../../shared/format';
import { Page } from '../components/ui/page';
import { call } from '../lib/client';
import { dataUsedThisSession } from '../lib/data-used';

export default function About() {
  // Read once the page is drawn: what this visit has downloaded so far, this page included.
  const [dataUsed, setDataUsed] = useState(0);
  useEffect(() => setDataUsed(dataUsedThisSession()), []);
  const { data } = useQuery({
    queryKey: ['config'],
    queryFn: () => call('config'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Page title="About Us" width="wide">
      <div className="max-w-2xl space-y-6 text-slate-800">
        <section aria-labelledby="about-platform" className="space-y-2">
          <h2 id="about-platform" className="text-lg font-semibold text-slate-900">
            Our platform
          </h2>
          <p>
            Zim Marketplace is a services site where residents of Zimbabwe buy and sell with each other.
            Anyone can register and sign in.
          </p>
        </section>
        <section aria-labelledby="about-products" className="space-y-2">
          <h2 id="about-products" className="text-lg font-semibold text-slate-900">
            Products
          </h2>
          <p>
            List a product you want to sell or one you are looking to buy, from electronics to farm produce.
          </p>
        </section>
        <section aria-labelledby="about-services" className="space-y-2">
          <h2 id="about-services" className="text-lg font-semibold text-slate-900">
            Services
          </h2>
          <p>
            Offer your skills or find someone to help. Published listings appear publicly on the home page for
            registered users. More features are coming.
          </p>
        </section>
        <section aria-labelledby="about-contact" className="space-y-2">
          <h2 id="about-contact" className="text-lg font-semibold text-slate-900">
            Contact
          </h2>
          <p>
            Write to us at{' '}
            {data ? (
              <a className="font-medium text-brand-800 underline" href={`mailto:${data.contactEmail}`}>
                {data.contactEmail}
              </a>
            ) : (
              'our support address'
            )}
            .
          </p>
        </section>
        <p className="text-sm text-slate-600">Version {APP_VERSION}</p>
        <p className="text-sm text-slate-600">Data used this session: {formatBytes(dataUsed)}</p>
      </div>
    </Page>
  );
}
