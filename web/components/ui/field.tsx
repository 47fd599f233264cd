// Labelled form controls with their error under the field, wired for screen readers.
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

const CONTROL =
  'block w-full min-h-11 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-700';

export interface SelectOption {
  value: string;
  label: string;
}

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
}

function FieldShell({ id, label, error, hint, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !error ? <p className="text-sm text-slate-600">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const a11y = (id: string, error?: string) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
  className: `${CONTROL} ${error ? 'border-red-700' : 'border-slate-300'}`,
});

export function TextField({
  label,
  error,
  hint,
  ...props
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <input {...props} {...a11y(id, error)} />
    </FieldShell>
  );
}

export function TextArea({
  label,
  error,
  hint,
  ...props
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <textarea rows={4} {...props} {...a11y(id, error)} />
    </FieldShell>
  );
}

export function SelectField({
  label,
  error,
  hint,
  options,
  ...props
}: FieldProps &
  SelectHTMLAttributes<HTMLSelectElement> & {
    /** A string is its own value and label; an object names both (an 'All …' option with value ''). */
    options: readonly (string | SelectOption)[];
  }) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <select {...props} {...a11y(id, error)}>
        {options.map((option) => {
          const { value, label: text } =
            typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
    </FieldShell>
  );
}

/**
 * One choice of several, as radio buttons in a fieldset (its legend the question). Every radio carries
 * the error, so the kit's focus on the first invalid field lands on the first choice.
 */
export function RadioGroupField({
  label,
  error,
  name,
  value,
  options,
  onChange,
}: FieldProps & {
  name: string;
  value: string;
  options: readonly SelectOption[];
  onChange(event: { target: { value: string } }): void;
}) {
  const id = useId();
  return (
    <fieldset className="space-y-1">
      <legend className="mb-1 block text-sm font-medium text-slate-800">{label}</legend>
      <div className="space-y-1">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-slate-900 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={onChange}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="size-4 shrink-0 accent-brand-700"
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
