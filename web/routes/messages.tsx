// The inbox at /messages (issue 32): a signed-in user's conversations with buyers and sellers.
import { MSG } from '../../shared/messages';
import { Page } from '../components/ui/page';
import { Inbox } from '../features/conversations';

export default function Messages() {
  return (
    <Page title={MSG.messages.title} width="medium">
      <Inbox />
    </Page>
  );
}
