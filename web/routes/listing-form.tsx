// Create a Product Listing / Create a Service Listing (spec §2) at /product/{type} and /service/{type},
// where {type} is Buy or Sell. Any other {type} is a link nobody should follow: say so, and offer /create.
import { Link, useMatch, useParams } from 'react-router';
import { SELL_OR_BUY, type SellOrBuy } from '../../shared/catalog';
import { Alert } from '../components/ui/alert';
import { buttonClass } from '../components/ui/button';
import { Page } from '../components/ui/page';
import { useSignedInUser } from '../features/auth';
import { CreateListingForm } from '../features/listings';

const isSellOrBuy = (value: string | undefined): value is SellOrBuy =>
  (SELL_OR_BUY as readonly string[]).includes(value ?? '');

export default function ListingForm() {
  const { type } = useParams();
  // The kind is the path's first part (shared/screens.ts: /product/{type} and /service/{type}), matched
  // as the router matches it (letter case and escapes aside).
  const kind = useMatch('/service/:type') ? 'service' : 'product';
  const user = useSignedInUser();
  const title = kind === 'product' ? 'Create a Product Listing' : 'Create a Service Listing';
  return (
    <Page title={title} width="medium">
      {isSellOrBuy(type) ? (
        // Keyed so switching between /product/Buy and /product/Sell starts a fresh form.
        <CreateListingForm key={`${kind}-${type}`} kind={kind} sellOrBuy={type} userId={user.id} />
      ) : (
        <div className="space-y-4">
          <Alert tone="error">This page does not exist: a listing is either Buy or Sell.</Alert>
          <Link to="/create" className={buttonClass('primary')}>
            Choose what to create
          </Link>
        </div>
      )}
    </Page>
  );
}
