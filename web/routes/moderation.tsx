// Moderation (issue 11), moderators only (app/guard.tsx): the review queue and the audit log, as two
// tabs whose choice lives in the URL (?tab=log), so a reload or a shared link opens the same one.
import { useSearchParams } from 'react-router';
import { Page } from '../components/ui/page';
import { Toast, useToast } from '../components/ui/toast';
import { useSignedInUser } from '../features/auth';
import { AuditLog, ModerationQueue, Tabs } from '../features/moderation';

type TabKey = 'queue' | 'log';

export default function Moderation() {
  const user = useSignedInUser();
  const [params, setParams] = useSearchParams();
  const tab: TabKey = params.get('tab') === 'log' ? 'log' : 'queue';
  const { toast, show } = useToast();
  return (
    <Page title="Moderation" width="medium">
      <Tabs<TabKey>
        label="Moderation"
        current={tab}
        onChange={(key) => setParams(key === 'log' ? { tab: 'log' } : {}, { replace: true })}
        tabs={[
          {
            key: 'queue',
            label: 'Review queue',
            panel: <ModerationQueue moderatorId={user.id} notify={show} />,
          },
          { key: 'log', label: 'Audit log', panel: <AuditLog /> },
        ]}
      />
      <Toast toast={toast} />
    </Page>
  );
}
