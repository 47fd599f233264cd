// The quick choices under the listing form's Payment methods field (issue 14): a toggle chip for each
// of PAYMENT_METHOD_CHOICES. Tapping one adds it to the field's comma-separated text, tapping a pressed
// one takes it out; the chips read the text, so what the seller types presses them too. A choice that
// would take the text past its limit is disabled, and a line says why.
import { Check, Plus } from 'lucide-react';
import { useId } from 'react';
import { PAYMENT_METHOD_CHOICES } from '../../../../shared/catalog';
import { LISTING_TEXT } from '../messages';
import { hasChoice, toggleChoice } from '../payment-choices';

const CHIP =
  'inline-flex min-h-11 items-center gap-1.5 rounded-full border px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60';
const PRESSED = 'border-brand-600 bg-brand-50 text-brand-800 hover:bg-brand-100';
const NOT_PRESSED = 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100';

export function PaymentChoices({
  value,
  onChange,
  disabled = false,
}: {
  /** The Payment methods field's text. */
  value: string;
  onChange(event: { target: { value: string } }): void;
  disabled?: boolean;
}) {
  const noteId = useId();
  const chips = PAYMENT_METHOD_CHOICES.map((choice) => ({
    choice,
    pressed: hasChoice(value, choice),
    next: toggleChoice(value, choice),
  }));
  const full = chips.some((chip) => chip.next === null);
  return (
    <fieldset aria-describedby={full ? noteId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-700">Quick choices</legend>
      <div className="flex flex-wrap gap-2">
        {chips.map(({ choice, pressed, next }) => (
          <button
            key={choice}
            type="button"
            aria-pressed={pressed}
            disabled={disabled || next === null}
            onClick={() => next !== null && onChange({ target: { value: next } })}
            className={`${CHIP} ${pressed ? PRESSED : NOT_PRESSED}`}
          >
            {pressed ? (
              <Check aria-hidden="true" className="size-4" />
            ) : (
              <Plus aria-hidden="true" className="size-4" />
            )}
            {choice}
          </button>
        ))}
      </div>
      {full ? (
        <p id={noteId} className="mt-1 text-sm text-slate-600">
          {LISTING_TEXT.paymentChoicesFull}
        </p>
      ) : null}
    </fieldset>
  );
}
