import { type RefObject, useEffect } from 'react';

/**
 * Each time `request` changes (a submit or a server answer found errors), moves focus to the form's
 * first invalid field so its message is read out. Not on every change of the errors: clearing one
 * while the user types must not move them elsewhere.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, request: number) {
  useEffect(() => {
    if (request === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, request]);
}
