// The two forms of /pass (spec §2, §4, §8): step 1 checks the current password, step 2 sets a new one.
// The banner (a failed call) is the parent's: it survives the move back from step 2 to step 1.
import { MSG } from '../../../../shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Form } from '../../../components/ui/form';
import { type Checked, useForm } from '../../../components/ui/use-form';
import { ApiError } from '../../../lib/http';
import { useUpdatePassword, useVerifyPassword } from '../api';
import { NewPasswordFields, newPasswordErrors } from './new-password-fields';

interface StepProps {
  userId: number;
  email: string;
  banner: string | null;
  setBanner(text: string | null): void;
}

/** Lets a password manager file the password under the right account. */
const Username = ({ email }: { email: string }) => (
  <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
);

export function VerifyStep({
  userId,
  email,
  banner,
  setBanner,
  onVerified,
}: StepProps & { onVerified(): void }) {
  const verify = useVerifyPassword(userId);
  const form = useForm({
    initial: { currentPassword: '' },
    // The server names the field `providedPassword` (the spec's form field).
    fieldAliases: { providedPassword: 'currentPassword' },
    validate: ({ currentPassword }): Checked<string, string> => {
      setBanner(null);
      return currentPassword
        ? { data: currentPassword }
        : { errors: { currentPassword: MSG.login.passwordRequired } };
    },
  });

  const onSubmit = async (password: string) => {
    try {
      const res = await verify.mutateAsync(password);
      if (res.message !== MSG.password.correct) return setBanner(MSG.password.verifyError);
      onVerified();
    } catch (error) {
      const wrong = error instanceof ApiError && error.code === 'wrong_password';
      const shown = form.showServerErrors(error, wrong ? { currentPassword: MSG.password.incorrect } : {});
      if (shown.currentPassword) return;
      setBanner(error instanceof ApiError && error.status === 429 ? error.message : MSG.password.verifyError);
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-4" aria-label="Verify current password">
      <Username email={email} />
      {banner ? <Alert tone="error">{banner}</Alert> : null}
      <p className="text-sm text-slate-700">
        For your security, confirm the password you use now before choosing a new one.
      </p>
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...form.field('currentPassword')}
        required
      />
      <Button type="submit" className="w-full" disabled={form.submitting}>
        {form.submitting ? 'Verifying...' : 'Verify password'}
      </Button>
    </Form>
  );
}

const UPDATE_FIELDS = { newPassword: '', confirmPassword: '' };

function checkNew({ newPassword, confirmPassword }: typeof UPDATE_FIELDS): Checked<string, string> {
  const errors = newPasswordErrors(newPassword, confirmPassword);
  return Object.values(errors).some(Boolean) ? { errors } : { data: newPassword };
}

export function UpdateStep({
  userId,
  email,
  banner,
  setBanner,
  onUpdated,
  onExpired,
}: StepProps & { onUpdated(): void; onExpired(): void }) {
  const update = useUpdatePassword(userId);
  const form = useForm({
    initial: UPDATE_FIELDS,
    validate: (fields) => {
      setBanner(null);
      return checkNew(fields);
    },
  });

  const onSubmit = async (newPassword: string) => {
    try {
      const res = await update.mutateAsync(newPassword);
      if (res.message !== MSG.password.updated) return setBanner(MSG.password.updateError);
      onUpdated();
    } catch (error) {
      // The 5 minutes after step 1 have run out: back to step 1, saying why.
      if (error instanceof ApiError && error.status === 403 && error.message === MSG.password.verifyFirst) {
        onExpired();
        return setBanner(error.message);
      }
      const fromServer = form.showServerErrors(error);
      if (!fromServer.newPassword) setBanner(MSG.password.updateError);
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-4" aria-label="Set a new password">
      <Username email={email} />
      {banner ? <Alert tone="error">{banner}</Alert> : null}
      <Alert tone="success">{MSG.password.correct}</Alert>
      <NewPasswordFields field={form.field} />
      <Button type="submit" className="w-full" disabled={form.submitting}>
        {form.submitting ? 'Updating...' : 'Update password'}
      </Button>
    </Form>
  );
}
