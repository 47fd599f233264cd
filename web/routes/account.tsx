// Account Dashboard (spec §2): a welcome line, the user id, and the user's own posts with a
// Publish / Unpublish toggle each; results in a notification that dismisses itself after 5 s.
import { Card } from '../components/ui/card';
import { Page } from '../components/ui/page';
import { Toast, useToast } from '../components/ui/toast';
import { useSignedInUser, VerifyEmailBanner } from '../features/auth';
import { MyPosts } from '../features/listings';

export default function Account() {
  const user = useSignedInUser();
  const { toast, show } = useToast();
  return (
    <Page title="Account Dashboard" width="wide">
      <VerifyEmailBanner />
      <Card padding="responsive" className="mb-6">
        <p className="text-lg text-slate-900">
          Welcome, <span className="font-semibold">{user.name}</span>
        </p>
        <p className="text-sm text-slate-600">
          User ID: <span className="tabular-nums">{user.id}</span>
        </p>
      </Card>
      <MyPosts userId={user.id} notify={show} />
      <Toast toast={toast} />
    </Page>
  );
}
