// The form element of the kit (use-form.ts): no browser validation bubbles (the kit shows the spec's
// messages under the fields), the kit's submit, and its ref for focusing the first invalid field.
import type { FormHTMLAttributes, ReactNode } from 'react';
import { Button } from './button';
import type { Fields, FormApi } from './use-form';

export function Form<V extends Fields<V>, D, E>({
  form,
  onSubmit,
  children,
  ...props
}: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & {
  form: FormApi<V, D, E>;
  /** Runs with the checked data; the form is `submitting` until it settles. */
  onSubmit(data: D): unknown;
  children: ReactNode;
}) {
  return (
    <form ref={form.ref} noValidate onSubmit={form.handleSubmit(onSubmit)} {...props}>
      {children}
    </form>
  );
}

/** An edit form's Cancel and Save, Save showing 'Saving...' while the form is being sent. */
export function SaveCancel({ submitting, onCancel }: { submitting: boolean; onCancel(): void }) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel} disabled={submitting}>
        Cancel
      </Button>
      <Button type="submit" disabled={submitting}>
        {submitting ? 'Saving...' : 'Save'}
      </Button>
    </div>
  );
}
