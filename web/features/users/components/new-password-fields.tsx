// A new password and its confirmation, as the profile's change-password form and /pass step 2 ask for
// them: the same fields, the same rule (shared/validation's newPasswordSchema) and the same messages.
import { MSG } from '../../../../shared/messages';
import { newPasswordSchema } from '../../../../shared/validation';
import { TextField } from '../../../components/ui/field';
import type { FieldBinding } from '../../../components/ui/use-form';

/** The message under each field that breaks the rule; none when both are fine. */
export function newPasswordErrors(newPassword: string, confirmPassword: string) {
  const errors: { newPassword?: string; confirmPassword?: string } = {};
  const strength = newPasswordSchema.safeParse(newPassword);
  if (!strength.success) errors.newPassword = strength.error.issues[0]?.message;
  if (newPassword !== confirmPassword) errors.confirmPassword = MSG.password.mismatch;
  return errors;
}

export function NewPasswordFields({
  field,
}: {
  field(name: 'newPassword' | 'confirmPassword'): FieldBinding;
}) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        {...field('newPassword')}
        required
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...field('confirmPassword')}
        required
      />
    </>
  );
}
