// Notifications (issue 33): what happened to the reader's posts, comments, reports and saved searches,
// newest first, with 'Mark all as read' and links to the saved searches and the email settings.
import { MSG } from '../../shared/messages';
import { Page } from '../components/ui/page';
import { NotificationList } from '../features/notifications';

export default function Notifications() {
  return (
    <Page title={MSG.notifications.title} width="medium">
      <NotificationList />
    </Page>
  );
}
