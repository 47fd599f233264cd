// /pass (spec §2, §4, §8): step 1 verifies the current password (current-user-password); only then do
// the new-password and confirmation fields appear (step 2, update-password). The server allows step 2
// for 5 minutes after step 1; when that has run out it says so and the screen goes back to step 1.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MSG } from '../../../../shared/messages';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';
import { UpdateStep, VerifyStep } from './password-step-forms';

type Step = 'verify' | 'update' | 'done';

const HEADINGS: Record<Step, { step?: string; title: string }> = {
  verify: { step: 'Step 1 of 2', title: 'Confirm your current password' },
  update: { step: 'Step 2 of 2', title: 'Choose a new password' },
  done: { title: 'Password changed' },
};

export function PasswordSteps({ userId, email }: { userId: number; email: string }) {
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [step, setStep] = useState<Step>('verify');
  const [banner, setBanner] = useState<string | null>(null);

  // A new step takes focus: the first new field in step 2, the heading once done.
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    if (step === 'update')
      sectionRef.current?.querySelector<HTMLInputElement>('input[name="newPassword"]')?.focus();
    else headingRef.current?.focus();
  }, [step]);
  const goTo = (target: Step) => {
    moved.current = true;
    setStep(target);
  };
  const steps = { userId, email, banner, setBanner };

  return (
    <section ref={sectionRef} aria-labelledby="pass-step-heading" className={cardClass()}>
      <h2
        id="pass-step-heading"
        ref={headingRef}
        tabIndex={-1}
        className="mb-4 text-lg font-semibold text-slate-900 focus:outline-none"
      >
        {HEADINGS[step].step ? (
          <span className="block text-sm font-medium text-brand-800">
            {HEADINGS[step].step}
            <span className="sr-only">: </span>
          </span>
        ) : null}
        {HEADINGS[step].title}
      </h2>

      {step === 'done' ? (
        <div className="space-y-4">
          <Alert tone="success">{MSG.password.updated}</Alert>
          <p className="text-sm text-slate-700">
            Your other devices have been signed out. Use the new password next time you sign in.
          </p>
          <Link to="/profile" className={buttonClass('secondary', 'w-full')}>
            Back to profile
          </Link>
        </div>
      ) : step === 'verify' ? (
        <VerifyStep {...steps} onVerified={() => goTo('update')} />
      ) : (
        <UpdateStep {...steps} onUpdated={() => goTo('done')} onExpired={() => goTo('verify')} />
      )}
    </section>
  );
}
