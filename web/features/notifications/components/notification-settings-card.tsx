// The email switches at /settings/notifications (issue 33): one per kind of email, each a checkbox
// drawn as a switch whose whole row is its label (a 44 px target). A change saves at once (PUT with that
// switch alone) and says so in a toast; a failed save puts the switch back and says why.
import { MSG } from '../../../../shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Toast, useToast } from '../../../components/ui/toast';
import { clientErrorReason } from '../../../lib/http';
import { type EmailSettingKey, useNotificationSettings, useSaveNotificationSetting } from '../api';

/** Every switch has its label (the type check says so when a kind is added). */
const LABELS: Record<EmailSettingKey, string> = MSG.notifications.setting;
const KEYS = Object.keys(LABELS) as EmailSettingKey[];

// A native checkbox, drawn as a track with a knob that moves (the position, not only the colour, says
// on or off); forced colours (Windows high contrast) get the plain checkbox back.
const SWITCH_CLASS =
  'relative mt-0.5 h-6 w-10 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-400 transition-colors checked:bg-brand-700 ' +
  'before:absolute before:top-1 before:left-1 before:size-4 before:rounded-full before:bg-white before:transition-transform checked:before:translate-x-4 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-wait disabled:animate-pulse disabled:bg-slate-200 ' +
  'forced-colors:appearance-auto';

export function NotificationSettingsCard() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSetting();
  const { toast, show } = useToast();

  const change = (key: EmailSettingKey, on: boolean) =>
    save.mutate(
      { key, on },
      {
        onSuccess: () => show(MSG.notifications.settingsSaved),
        onError: (error) => show(clientErrorReason(error) ?? MSG.errors.internal, 'error'),
      },
    );

  if (settings.isError && !settings.data)
    return (
      <div className="space-y-4">
        <Alert tone="error">{MSG.errors.internal}</Alert>
        <Button variant="secondary" onClick={() => void settings.refetch()} disabled={settings.isFetching}>
          {MSG.messages.tryAgain}
        </Button>
      </div>
    );

  const email = settings.data?.email;
  return (
    <>
      <Card as="section" frame="outlined" padding="none" aria-busy={settings.isPending}>
        <ul className="divide-y divide-slate-200">
          {KEYS.map((key) => (
            <li key={key}>
              <label className="flex min-h-11 cursor-pointer items-start justify-between gap-3 px-4 py-3 text-slate-900">
                <span className="min-w-0 font-medium">{LABELS[key]}</span>
                <input
                  type="checkbox"
                  role="switch"
                  className={SWITCH_CLASS}
                  checked={email?.[key] ?? false}
                  aria-checked={email?.[key] ?? false}
                  disabled={email === undefined}
                  onChange={(event) => change(key, event.currentTarget.checked)}
                />
              </label>
            </li>
          ))}
        </ul>
      </Card>
      {settings.isPending ? (
        <p role="status" className="sr-only">
          Loading...
        </p>
      ) : null}
      <Toast toast={toast} />
    </>
  );
}
