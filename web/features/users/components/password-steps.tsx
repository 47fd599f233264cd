// /pass (spec §2, §4, §8): step 1 verifies the current password (current-user-password); only then do
// the new-password and confirmation fields appear (step 2, update-password). The server allows step 2
// for 5 minutes after step 1; when that has run out it says so and the screen goes back to step 1.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MSG } from '../../../../shared/messages';
import { newPasswordSchema } from '../../../../shared/validation';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { ApiError, clientFieldErrors } from '../../../lib/http';
import { useUpdatePassword, useVerifyPassword } from '../api';
import { useFocusFirstInvalid } from './use-focus-invalid';

type Step = 'verify' | 'update' | 'done';
type Errors = Partial<Record<'currentPassword' | 'newPassword' | 'confirmPassword', string>>;

const HEADINGS: Record<Step, { step?: string; title: string }> = {
  verify: { step: 'Step 1 of 2', title: 'Confirm your current password' },
  update: { step: 'Step 2 of 2', title: 'Choose a new password' },
  done: { title: 'Password changed' },
};

export function PasswordSteps({ userId, email }: { userId: number; email: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [step, setStep] = useState<Step>('verify');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const verify = useVerifyPassword(userId);
  const update = useUpdatePassword(userId);
  useFocusFirstInvalid(formRef, errors);

  // A new step takes focus: the first new field in step 2, the heading once done.
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    if (step === 'update')
      formRef.current?.querySelector<HTMLInputElement>('input[name="newPassword"]')?.focus();
    else headingRef.current?.focus();
  }, [step]);
  const goTo = (target: Step) => {
    moved.current = true;
    setErrors({});
    setStep(target);
  };

  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    setBanner(null);
    if (!current) return setErrors({ currentPassword: MSG.login.passwordRequired });
    setErrors({});
    verify.mutate(current, {
      onSuccess: (res) => {
        if (res.message !== MSG.password.correct) return setBanner(MSG.password.verifyError);
        setCurrent('');
        goTo('update');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401 && error.message === MSG.password.incorrect)
          setErrors({ currentPassword: MSG.password.incorrect });
        else if (error instanceof ApiError && error.status === 429) setBanner(error.message);
        else setBanner(MSG.password.verifyError);
      },
    });
  };

  const onUpdate = (event: FormEvent) => {
    event.preventDefault();
    setBanner(null);
    const found: Errors = {};
    const strength = newPasswordSchema.safeParse(next);
    if (!strength.success) found.newPassword = strength.error.issues[0]?.message;
    if (next !== confirm) found.confirmPassword = MSG.password.mismatch;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(next, {
      onSuccess: (res) => {
        if (res.message !== MSG.password.updated) return setBanner(MSG.password.updateError);
        setNext('');
        setConfirm('');
        goTo('done');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 403 && error.message === MSG.password.verifyFirst) {
          setNext('');
          setConfirm('');
          goTo('verify');
          return setBanner(error.message);
        }
        const fromServer = clientFieldErrors(error);
        if (fromServer.newPassword) return setErrors({ newPassword: fromServer.newPassword });
        setBanner(MSG.password.updateError);
      },
    });
  };

  return (
    <Card as="section" aria-labelledby="pass-step-heading">
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
      ) : (
        <form
          ref={formRef}
          noValidate
          onSubmit={step === 'verify' ? onVerify : onUpdate}
          className="space-y-4"
          aria-label={step === 'verify' ? 'Verify current password' : 'Set a new password'}
        >
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          {banner ? <Alert tone="error">{banner}</Alert> : null}
          {step === 'verify' ? (
            <>
              <p className="text-sm text-slate-700">
                For your security, confirm the password you use now before choosing a new one.
              </p>
              <TextField
                label="Current password"
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                value={current}
                onChange={(e) => setCurrent(e.target.value)}
                error={errors.currentPassword}
                required
              />
              <Button type="submit" className="w-full" disabled={verify.isPending}>
                {verify.isPending ? 'Verifying...' : 'Verify password'}
              </Button>
            </>
          ) : (
            <>
              <Alert tone="success">{MSG.password.correct}</Alert>
              <TextField
                label="New password"
                name="newPassword"
                type="password"
                autoComplete="new-password"
                hint="At least 8 characters."
                value={next}
                onChange={(e) => setNext(e.target.value)}
                error={errors.newPassword}
                required
              />
              <TextField
                label="Confirm new password"
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
                error={errors.confirmPassword}
                required
              />
              <Button type="submit" className="w-full" disabled={update.isPending}>
                {update.isPending ? 'Updating...' : 'Update password'}
              </Button>
            </>
          )}
        </form>
      )}
    </Card>
  );
}
