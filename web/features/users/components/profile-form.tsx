// Edit mode of the profile (spec §2, §5): name, email (type email), phone (type tel), Save and Cancel.
// The shared profile rule is checked first, so a typo is caught under its field without a call.
import { type FormEvent, useRef, useState } from 'react';
import type { PublicUser } from '../../../../shared/api-types';
import { MSG } from '../../../../shared/messages';
import { fieldErrors, profileSchema } from '../../../../shared/validation';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError, clientFieldErrors } from '../../../lib/http';
import { type ProfileFields, useUpdateProfile } from '../api';
import { failure, type Notice, success } from '../notice';
import { useFocusFirstInvalid } from './use-focus-invalid';

type Errors = Partial<Record<keyof ProfileFields, string>>;

function validate(fields: ProfileFields): { data?: ProfileFields; errors: Errors } {
  const parsed = profileSchema.safeParse(fields);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: Errors = fieldErrors(parsed.error);
  // The shared rule's wording is the sign-up form's; on a single field, name the field.
  if (errors.name) errors.name = MSG.create.nameRequired;
  return { errors };
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
  const formRef = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<ProfileFields>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const save = useUpdateProfile(userId);
  useFocusFirstInvalid(formRef, errors);

  const set = (field: keyof ProfileFields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [field]: e.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { data, errors: found } = validate(fields);
    setErrors(found);
    if (!data) return;
    save.mutate(data, {
      onSuccess: ({ id, name, email, phoneNumber }) => {
        onSaved({ id, name, email, phoneNumber });
        onNotice(success(MSG.profile.updated));
      },
      onError: (error) => {
        const fromServer: Errors = clientFieldErrors(error);
        // A taken email comes back as a 409 without field details; it belongs under the email field.
        if (error instanceof ApiError && error.status === 409) fromServer.email = error.message;
        setErrors(fromServer);
        onNotice(failure(error, MSG.profile.updateFailed));
      },
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Edit profile">
      <TextField
        label="Full name"
        name="name"
        autoComplete="name"
        value={fields.name}
        onChange={set('name')}
        error={errors.name}
        required
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={fields.email}
        onChange={set('email')}
        error={errors.email}
        required
      />
      <TextField
        label="Phone number"
        name="phoneNumber"
        type="tel"
        autoComplete="tel"
        hint="Optional."
        value={fields.phoneNumber}
        onChange={set('phoneNumber')}
        error={errors.phoneNumber}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
