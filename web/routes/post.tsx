// Placeholder: this screen is built by its own issue; the route and its guard already exist.
import { Page } from '../components/ui/page';

export default function PostPage() {
  return (
    <Page title="Post" width="wide">
      <p className="text-slate-700">This screen is coming soon.</p>
    </Page>
  );
}
