// The password change on /profile (spec §2, §8): current, new and confirmation; the result appears in
// the notification modal. A mismatch or a too-short password is caught here, without a call.
import { Link } from 'react-router';
import { MSG } from '../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { type Checked, useForm } from '../../../components/ui/use-form';
import { ApiError } from '../../../lib/http';
import { useChangePassword } from '../api';
import { failure, type Notice, success } from '../notice';
import { NewPasswordFields, newPasswordErrors } from './new-password-fields';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
type Fields = typeof EMPTY;

function check(fields: Fields): Checked<string, Fields> {
  const errors: Partial<Fields> = {
    currentPassword: fields.currentPassword ? undefined : MSG.login.passwordRequired,
    ...newPasswordErrors(fields.newPassword, fields.confirmPassword),
  };
  return Object.values(errors).some(Boolean) ? { errors } : { data: fields };
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
  const change = useChangePassword(userId);
  const form = useForm({ initial: EMPTY, validate: check });

  const onSubmit = async ({ currentPassword, newPassword }: Fields) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      form.reset();
      onNotice(success(MSG.profile.changed));
    } catch (error) {
      const wrong = error instanceof ApiError && error.code === 'wrong_password';
      form.showServerErrors(error, wrong ? { currentPassword: MSG.password.incorrect } : {});
      onNotice(failure(error, MSG.profile.changeFailed));
    }
  };

  return (
    <Card as="section" aria-labelledby="change-password-heading">
      {/* The same header height as the details card's, so the two titles line up side by side. */}
      <div className="mb-4 flex min-h-11 items-center">
        <h2 id="change-password-heading" className="text-lg font-semibold text-slate-900">
          Change password
        </h2>
      </div>
      <Form form={form} onSubmit={onSubmit} className="space-y-4" aria-label="Change password">
        {/* Lets a password manager file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...form.field('currentPassword')}
          required
        />
        <NewPasswordFields field={form.field} />
        <Button type="submit" className="w-full" disabled={form.submitting}>
          {form.submitting ? 'Changing password...' : 'Change password'}
        </Button>
      </Form>
      <p className="mt-4 text-sm text-slate-700">
        Prefer to confirm your current password first?{' '}
        <Link to="/pass" className="font-medium text-brand-800 underline">
          Password management
        </Link>
      </p>
    </Card>
  );
}
