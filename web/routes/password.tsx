// Password management (/pass, spec §2, §4): verify the current password, then set a new one.
import { Page } from '../components/ui/page';
import { useSignedInUser } from '../features/auth';
import { PasswordSteps } from '../features/users';

export default function Password() {
  const user = useSignedInUser();
  return (
    <Page title="Password management">
      <PasswordSteps userId={user.id} email={user.email} />
    </Page>
  );
}
