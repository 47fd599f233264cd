// Placeholder: the listing forms are built by the listings issue; the routes and guard exist.
import { Page } from '../components/ui/page';

export default function ListingForm({ kind }: { kind: 'product' | 'service' }) {
  return (
    <Page title={kind === 'product' ? 'Create a Product Listing' : 'Create a Service Listing'} width="wide">
      <p className="text-slate-700">This screen is coming soon.</p>
    </Page>
  );
}
