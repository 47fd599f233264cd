// The form kit's state (like bulletproof-react's components/ui/form): the values as typed, a check on
// submit (a zod schema from shared/validation through checkWith, or a plain function where zod must
// not load, as on sign-in), errors under the fields and one for the whole form, the server's field
// errors (ApiError.errors) mapped to the fields, focus on the first invalid field, and the submitting
// state. Screens render it with <Form> and the fields of field.tsx.
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { clientFieldErrors } from '../../lib/http';
import { useFocusFirstInvalid } from './use-focus-invalid';

/** A form's values: every field a string, as typed. */
export type Fields<V> = { [K in keyof V]: string };

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** What a check found: the data to send, or what is wrong (under fields and/or for the whole form). */
export type Checked<K extends string, D, E = string> =
  | { data: D; errors?: undefined; formError?: undefined }
  | { data?: undefined; errors?: FieldErrors<K>; formError?: E };

/** A zod schema as the kit sees it: typed only, so the kit itself never loads zod. */
interface SchemaLike<D> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: D }
    | { success: false; error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> } };
}

/** Checks `input` with a zod schema: its data, or the first message for each field. */
export function checkWith<D>(schema: SchemaLike<D>, input: unknown): Checked<string, D, never> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { data: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
  return { errors };
}

export interface FormOptions<V extends Fields<V>, D, E> {
  initial: V | (() => V);
  validate(values: V): Checked<string, D, E> | Promise<Checked<string, D, E>>;
  /** Names the schema or the server gives a field that the form calls otherwise (`rate` -> `price`). */
  fieldAliases?: Readonly<Record<string, keyof V & string>>;
  /** A field's error goes as soon as the field changes. */
  clearErrorOnChange?: boolean;
  /** Every error disappears this long after it appears (sign-up: spec §4, 3 s). */
  errorsVanishMs?: number;
}

/** What `field(name)` gives a TextField, TextArea or SelectField. */
export interface FieldBinding {
  name: string;
  value: string;
  error?: string;
  onChange(event: { target: { value: string } }): void;
}

const NONE = {};

export function useForm<V extends Fields<V>, D, E = string>(options: FormOptions<V, D, E>) {
  const { fieldAliases, clearErrorOnChange = false, errorsVanishMs } = options;
  const ref = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrorState] = useState<FieldErrors<keyof V & string>>(NONE);
  const [formError, setFormError] = useState<E | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const busy = useRef(false);
  useFocusFirstInvalid(ref, focusRequest);

  /** Only the form's own fields (by alias too), only the ones that have a message. */
  const toFieldErrors = useCallback(
    (found: Record<string, string | undefined>) => {
      const out: FieldErrors<keyof V & string> = {};
      for (const [name, message] of Object.entries(found)) {
        const field = fieldAliases?.[name] ?? name;
        if (message && field in values) out[field as keyof V & string] ??= message;
      }
      return out;
    },
    [fieldAliases, values],
  );

  /** Shows these errors under their fields (others are cleared) and focuses the first. */
  const showErrors = useCallback(
    (found: Record<string, string | undefined>) => {
      setErrorState(toFieldErrors(found));
      setFocusRequest((n) => n + 1);
    },
    [toFieldErrors],
  );

  /** The field errors a failed call carries (a 4xx's `errors`), shown under the fields; returned too. */
  const showServerErrors = (error: unknown, extra: Record<string, string | undefined> = {}) => {
    const found = toFieldErrors({ ...clientFieldErrors(error), ...extra });
    showErrors(found);
    return found;
  };

  useEffect(() => {
    if (!errorsVanishMs || (errors === NONE && formError === null)) return;
    const timer = setTimeout(() => {
      setErrorState(NONE);
      setFormError(null);
    }, errorsVanishMs);
    return () => clearTimeout(timer);
  }, [errors, formError, errorsVanishMs]);

  const setValue = (name: keyof V & string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (clearErrorOnChange && errors[name])
      setErrorState(({ [name]: _, ...rest }) => rest as FieldErrors<keyof V & string>);
  };

  /** Props for a TextField, TextArea or SelectField bound to `name`. */
  const field = (name: keyof V & string): FieldBinding => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
  });

  /**
   * The form's onSubmit: check, show what is wrong, else run `onValid` (once at a time). A plain check
   * answers in the same task, so the errors are on screen as soon as the submit event is handled.
   */
  const handleSubmit = (onValid: (data: D) => unknown) => (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    setFormError(null);
    const proceed = async (checked: Checked<string, D, E>) => {
      if (checked.data === undefined) {
        showErrors(checked.errors ?? NONE);
        setFormError(checked.formError ?? null);
        return;
      }
      setErrorState(NONE);
      busy.current = true;
      setSubmitting(true);
      try {
        await onValid(checked.data);
      } finally {
        busy.current = false;
        setSubmitting(false);
      }
    };
    const checked = options.validate(values);
    return checked instanceof Promise ? checked.then(proceed) : proceed(checked);
  };

  const reset = (next: V = typeof options.initial === 'function' ? options.initial() : options.initial) => {
    setValues(next);
    setErrorState(NONE);
    setFormError(null);
  };

  return {
    ref,
    values,
    setValue,
    field,
    errors,
    showErrors,
    showServerErrors,
    formError,
    setFormError,
    submitting,
    handleSubmit,
    reset,
  };
}

export type FormApi<V extends Fields<V>, D, E = string> = ReturnType<typeof useForm<V, D, E>>;
