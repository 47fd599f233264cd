// The password change on /profile (spec §2, §8): current, new and confirmation; the result appears in
// the notification modal. A mismatch or a too-short password is caught here, without a call.
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MSG } from '../../../../shared/messages';
import { newPasswordSchema } from '../../../../shared/validation';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { ApiError, clientFieldErrors } from '../../../lib/http';
import { useChangePassword } from '../api';
import { failure, type Notice, success } from '../notice';
import { useFocusFirstInvalid } from './use-focus-invalid';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
type Fields = typeof EMPTY;
type Errors = Partial<Record<keyof Fields, string>>;

function validate(fields: Fields): Errors {
  const errors: Errors = {};
  if (!fields.currentPassword) errors.currentPassword = MSG.login.passwordRequired;
  const strength = newPasswordSchema.safeParse(fields.newPassword);
  if (!strength.success) errors.newPassword = strength.error.issues[0]?.message;
  if (fields.newPassword !== fields.confirmPassword) errors.confirmPassword = MSG.password.mismatch;
  return errors;
}

export function ChangePasswordForm({
  userId,
  email,
  onNotice,
}: {
  userId: number;
  email: string;
  onNotice(notice: Notice): void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const change = useChangePassword(userId);
  useFocusFirstInvalid(formRef, errors);

  const set = (field: keyof Fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [field]: e.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { currentPassword: fields.currentPassword, newPassword: fields.newPassword },
      {
        onSuccess: () => {
          setFields(EMPTY);
          onNotice(success(MSG.profile.changed));
        },
        onError: (error) => {
          const fromServer: Errors = clientFieldErrors(error);
          if (error instanceof ApiError && error.status === 401 && error.message === MSG.password.incorrect)
            fromServer.currentPassword = MSG.password.incorrect;
          setErrors(fromServer);
          onNotice(failure(error, MSG.profile.changeFailed));
        },
      },
    );
  };

  return (
    <Card as="section" aria-labelledby="change-password-heading">
      {/* The same header height as the details card's, so the two titles line up side by side. */}
      <div className="mb-4 flex min-h-11 items-center">
        <h2 id="change-password-heading" className="text-lg font-semibold text-slate-900">
          Change password
        </h2>
      </div>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Change password">
        {/* Lets a password manager file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={fields.currentPassword}
          onChange={set('currentPassword')}
          error={errors.currentPassword}
          required
        />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          value={fields.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
          required
        />
        <TextField
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={fields.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
          required
        />
        <Button type="submit" className="w-full" disabled={change.isPending}>
          {change.isPending ? 'Changing password...' : 'Change password'}
        </Button>
      </form>
      <p className="mt-4 text-sm text-slate-700">
        Prefer to confirm your current password first?{' '}
        <Link to="/pass" className="font-medium text-brand-800 underline">
          Password management
        </Link>
      </p>
    </Card>
  );
}
