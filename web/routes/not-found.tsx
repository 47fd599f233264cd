import { Link } from 'react-router';
import { Page } from '../components/ui/page';

export default function NotFound() {
  return (
    <Page title="Page not found">
      <p className="text-slate-700">
        This page does not exist.{' '}
        <Link to="/" className="font-medium text-brand-800 underline">
          Go to the start page
        </Link>
      </p>
    </Page>
  );
}
