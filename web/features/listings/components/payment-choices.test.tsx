import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIMITS, PAYMENT_METHOD_CHOICES } from '../../../../shared/catalog';
import { useForm } from '../../../components/ui/use-form';
import { emptyListing, type ListingFields } from '../listing-fields';
import { LISTING_TEXT } from '../messages';
import { ListingFieldsEditor } from './listing-fields-editor';

/** The listing fields on the form kit, as the create form and the preview's Edit mode have them. */
function Harness({ paymentMethods = '' }: { paymentMethods?: string }) {
  const form = useForm<ListingFields, never>({
    initial: () => ({ ...emptyListing(), paymentMethods }),
    validate: () => ({ errors: {} }),
  });
  return <ListingFieldsEditor kind="product" field={form.field} />;
}

const text = () => screen.getByLabelText('Payment methods') as HTMLInputElement;
const typeText = (value: string) => fireEvent.input(text(), { target: { value } });
const chips = () => within(screen.getByRole('group', { name: 'Quick choices' }));
const chip = (name: string) => chips().getByRole('button', { name }) as HTMLButtonElement;
const pressed = () =>
  chips()
    .getAllByRole('button')
    .filter((button) => button.getAttribute('aria-pressed') === 'true')
    .map((button) => button.textContent);

describe('Payment methods quick choices', () => {
  it('offers every choice, none pressed on an empty field', () => {
    render(<Harness />);
    expect(
      chips()
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([...PAYMENT_METHOD_CHOICES]);
    expect(pressed()).toEqual([]);
    expect(chip('EcoCash').getAttribute('aria-pressed')).toBe('false');
  });

  it('adds a tapped choice to the text, and a second tap takes it out', () => {
    render(<Harness />);
    fireEvent.click(chip('EcoCash'));
    fireEvent.click(chip('Cash USD'));
    expect(text().value).toBe('EcoCash, Cash USD');
    expect(pressed()).toEqual(['EcoCash', 'Cash USD']);

    fireEvent.click(chip('EcoCash'));
    expect(text().value).toBe('Cash USD');
    expect(chip('EcoCash').getAttribute('aria-pressed')).toBe('false');
  });

  it('presses the choices the typed text names (any case), and keeps the typed words', () => {
    render(<Harness />);
    typeText('ecocash, swap for a phone, BANK TRANSFER');
    expect(pressed()).toEqual(['EcoCash', 'Bank transfer']);
    fireEvent.click(chip('InnBucks'));
    expect(text().value).toBe('ecocash, swap for a phone, BANK TRANSFER, InnBucks');
    fireEvent.click(chip('Bank transfer'));
    expect(text().value).toBe('ecocash, swap for a phone, InnBucks');
    // Part of a word is not the choice.
    typeText('EcoCash only');
    expect(pressed()).toEqual([]);
  });

  it('reads the text an edited post already has', () => {
    render(<Harness paymentMethods="Cash ZiG, OneMoney" />);
    expect(pressed()).toEqual(['OneMoney', 'Cash ZiG']);
  });

  it('disables a choice that would pass the field limit and says why; pressed ones still come out', () => {
    // Room for ', Swipe' (7) but not for ', OneMoney' (10).
    const typed = 'x'.repeat(LIMITS.postFieldMax - 'EcoCash, '.length - ', Swipe'.length);
    render(<Harness paymentMethods={`EcoCash, ${typed}`} />);
    expect(text().maxLength).toBe(LIMITS.postFieldMax);
    expect(chip('OneMoney').disabled).toBe(true);
    expect(chip('Bank transfer').disabled).toBe(true);
    expect(chip('Swipe').disabled).toBe(false);
    expect(chip('EcoCash').disabled).toBe(false);
    const note = screen.getByText(LISTING_TEXT.paymentChoicesFull);
    expect(screen.getByRole('group', { name: 'Quick choices' }).getAttribute('aria-describedby')).toBe(
      note.id,
    );

    fireEvent.click(chip('Swipe'));
    expect(text().value).toHaveLength(LIMITS.postFieldMax);
    expect(chip('Swipe').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(chip('EcoCash'));
    expect(text().value).toBe(`${typed}, Swipe`);
    expect(chip('OneMoney').disabled).toBe(true);
    fireEvent.click(chip('Swipe'));
    expect(text().value).toBe(typed);
    expect(
      chips()
        .getAllByRole('button')
        .filter((b) => (b as HTMLButtonElement).disabled),
    ).toEqual([]);
    expect(screen.queryByText(LISTING_TEXT.paymentChoicesFull)).toBeNull();
  });
});
