// Personal Information (spec §2, §8): the user's details with an Edit mode, whether their posts show
// their phone number and whom they blocked (issue 32), and a password change. Every result appears in one notification modal;
// a saved profile also updates the header and the stored userData (through the auth state). Below: the
// user's data, to download or delete (issue 31).
import { useState } from 'react';
import { Page } from '../components/ui/page';
import { useAuth, useSignedInUser } from '../features/auth';
import { BlockedUsersCard } from '../features/blocks';
import { MyDataCard } from '../features/my-data';
import {
  ChangePasswordForm,
  ContactSettingsCard,
  type Notice,
  NoticeModal,
  ProfileDetails,
} from '../features/users';

export default function Profile() {
  const user = useSignedInUser();
  const { updateUser } = useAuth();
  const [notice, setNotice] = useState<Notice | null>(null);
  return (
    <Page title="Personal Information" width="wide">
      <div className="grid items-start gap-6 md:grid-cols-2">
        <ProfileDetails userId={user.id} onSaved={updateUser} onNotice={setNotice} />
        <ContactSettingsCard userId={user.id} onNotice={setNotice} />
        <ChangePasswordForm userId={user.id} email={user.email} onNotice={setNotice} />
        <BlockedUsersCard />
        <MyDataCard />
      </div>
      <NoticeModal notice={notice} onClose={() => setNotice(null)} />
    </Page>
  );
}
