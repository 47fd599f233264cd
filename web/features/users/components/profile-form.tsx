// Edit mode of the profile (spec §2, §5): name, email (type email), phone (type tel), Save and Cancel.
// The shared profile rule is checked first, so a typo is caught under its field without a call.
import type { PublicUser } from '../../../../shared/api-types';
import { MSG } from '../../../../shared/messages';
import { profileSchema } from '../../../../shared/validation';
import { TextField } from '../../../components/ui/field';
import { Form, SaveCancel } from '../../../components/ui/form';
import { type Checked, checkWith, useForm } from '../../../components/ui/use-form';
import { ApiError } from '../../../lib/http';
import { type ProfileFields, type ProfileUpdate, useUpdateProfile } from '../api';
import { failure, type Notice, success } from '../notice';

/** The profile as edited, plus the current password, asked only when the email (the login) changes. */
type ProfileEdit = ProfileFields & { currentPassword: string };

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function checker(initialEmail: string) {
  return ({ currentPassword, ...fields }: ProfileEdit): Checked<string, ProfileUpdate, never> => {
    const checked = checkWith(profileSchema, fields);
    const errors = { ...checked.errors };
    // The shared rule's wording is the sign-up form's; on a single field, name the field.
    if (errors.name) errors.name = MSG.create.nameRequired;
    const emailChanged = !sameEmail(fields.email, initialEmail);
    if (emailChanged && !currentPassword) errors.currentPassword = MSG.profile.confirmEmailChange;
    if (!checked.data || Object.keys(errors).length > 0) return { errors };
    return { data: emailChanged ? { ...checked.data, currentPassword } : checked.data };
  };
}

export function ProfileForm({
  userId,
  initial,
  onCancel,
  onSaved,
  onNotice,
}: {
  userId: number;
  initial: ProfileFields;
  onCancel(): void;
  onSaved(user: PublicUser): void;
  onNotice(notice: Notice): void;
}) {
  const save = useUpdateProfile(userId);
  const form = useForm({ initial: { ...initial, currentPassword: '' }, validate: checker(initial.email) });
  const emailChanged = !sameEmail(form.values.email, initial.email);

  const onSubmit = async (fields: ProfileUpdate) => {
    try {
      const { id, name, email, phoneNumber, role, emailVerified } = await save.mutateAsync(fields);
      onSaved({ id, name, email, phoneNumber, role, emailVerified });
      onNotice(success(MSG.profile.updated));
    } catch (error) {
      // A taken email comes back as a 409 without field details; it belongs under the email field.
      form.showServerErrors(
        error,
        error instanceof ApiError && error.status === 409 ? { email: error.message } : {},
      );
      onNotice(failure(error, MSG.profile.updateFailed));
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-4" aria-label="Edit profile">
      <TextField label="Full name" autoComplete="name" {...form.field('name')} required />
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} required />
      {emailChanged && (
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          hint="Your email is how you sign in: confirm the change with your password."
          {...form.field('currentPassword')}
          required
        />
      )}
      <TextField
        label="Phone number"
        type="tel"
        autoComplete="tel"
        hint="Optional."
        {...form.field('phoneNumber')}
      />
      <SaveCancel submitting={form.submitting} onCancel={onCancel} />
    </Form>
  );
}
