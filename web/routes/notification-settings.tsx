// Email notifications (issue 33): which kinds of email the reader gets while away, one switch each.
import { MSG } from '../../shared/messages';
import { Page } from '../components/ui/page';
import { NotificationSettingsCard } from '../features/notifications';

export default function NotificationSettings() {
  return (
    <Page title={MSG.notifications.settingsTitle} width="medium">
      <p className="mb-4 text-slate-700">{MSG.notifications.settingsIntro}</p>
      <NotificationSettingsCard />
    </Page>
  );
}
