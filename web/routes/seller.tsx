// A seller's page at /users/{userId} (issue 14; open to visitors, the server puts its Open Graph tags
// in the HTML): 'Posted by' on a post links here. 'Invalid user id' for an id that cannot be one.
import { useParams } from 'react-router';
import { parseId } from '../../shared/ids';
import { SellerPagePanel } from '../features/seller-page';

export default function SellerRoute() {
  const id = parseId(useParams().userId);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6">
      <SellerPagePanel key={id} userId={id} />
    </div>
  );
}
