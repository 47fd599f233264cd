// 'Show my phone number on my posts' on /profile (issue 32): off, the user's posts carry no number and
// buyers message them instead. A switch that saves at once; its result appears in the profile's
// notification modal, like the screen's other results. While it saves it shows the new position and
// takes no taps; a failed save puts it back.
import { useId } from 'react';
import { MSG } from '../../../../shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useContactSettings, useUpdateContactSettings } from '../api';
import { failure, type Notice, success } from '../notice';

/** The switch's track and knob: drawn, not read (the button's role and state say it). */
function Track({ on }: { on: boolean | undefined }) {
  const colour = on === undefined ? 'animate-pulse bg-slate-200' : on ? 'bg-brand-700' : 'bg-slate-400';
  return (
    <span
      aria-hidden="true"
      className={`relative mt-0.5 inline-block h-6 w-10 shrink-0 rounded-full ${colour}`}
    >
      {on === undefined ? null : (
        <span
          className={`absolute top-1 left-1 size-4 rounded-full bg-white transition-transform ${on ? 'translate-x-4' : ''}`}
        />
      )}
    </span>
  );
}

export function ContactSettingsCard({
  userId,
  onNotice,
}: {
  userId: number;
  onNotice(notice: Notice): void;
}) {
  const settings = useContactSettings(userId);
  const save = useUpdateContactSettings(userId);
  const hintId = useId();
  const on = save.isPending ? save.variables.showPhoneOnPosts : settings.data?.showPhoneOnPosts;

  const toggle = () => {
    if (on === undefined || save.isPending) return;
    save.mutate(
      { showPhoneOnPosts: !on },
      {
        onSuccess: () => onNotice(success(MSG.contact.saved)),
        onError: (error) => onNotice(failure(error, MSG.errors.internal)),
      },
    );
  };

  return (
    <Card as="section" aria-labelledby="contact-settings-heading">
      <h2 id="contact-settings-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Contact privacy
      </h2>
      {settings.isError && !settings.data ? (
        <div className="space-y-4">
          <Alert tone="error">{MSG.errors.internal}</Alert>
          <Button variant="secondary" onClick={() => settings.refetch()} disabled={settings.isFetching}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          {/* The whole row is the switch: a 44 px target whose name is the label. */}
          <button
            type="button"
            role="switch"
            aria-checked={on ?? false}
            aria-describedby={hintId}
            aria-busy={save.isPending || settings.isPending}
            disabled={on === undefined}
            onClick={toggle}
            className="-mx-2 flex min-h-11 w-[calc(100%+1rem)] items-start gap-3 rounded-lg px-2 py-2.5 text-left font-medium text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-wait disabled:hover:bg-transparent"
          >
            <Track on={on} />
            <span>{MSG.contact.showPhone}</span>
          </button>
          <p id={hintId} className="mt-1 pl-13 text-sm text-slate-700">
            {MSG.contact.showPhoneHint}
          </p>
        </>
      )}
      {settings.isPending ? (
        <p role="status" className="sr-only">
          Loading...
        </p>
      ) : null}
    </Card>
  );
}
