// One conversation at /messages/{conversationId} (issue 32); an id that cannot be one is not found.
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { parseId } from '../../shared/ids';
import { MSG } from '../../shared/messages';
import { Alert } from '../components/ui/alert';
import { ConversationThread } from '../features/conversations';

export default function ConversationScreen() {
  const id = parseId(useParams().conversationId);
  useEffect(() => {
    document.title = `${MSG.messages.title} · Zim Marketplace`;
  }, []);
  return (
    <div className="mx-auto w-full max-w-2xl px-4 pt-3">
      {id === null ? (
        <Alert tone="error">{MSG.messages.notFound}</Alert>
      ) : (
        <ConversationThread key={id} conversationId={id} />
      )}
    </div>
  );
}
