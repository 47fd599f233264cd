// The form element of the kit (use-form.ts): no browser validation bubbles (the kit shows the spec's
// messages under the fields), the kit's submit, and its ref for focusing the first invalid field.
import type { FormHTMLAttributes, ReactNode } from 'react';
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
