// The listing's fields (spec §2): name, category, the price's currency (issue 14), price or rate,
// payment methods (with their quick choices), details, city and location, each with its error under it.
// Shared by the create forms and the preview's Edit mode.
import { CATEGORIES, CITIES, LIMITS, type PostType } from '../../../../shared/catalog';
import { SelectField, TextArea, TextField } from '../../../components/ui/field';
import type { FieldBinding } from '../../../components/ui/use-form';
import type { ListingFields } from '../listing-fields';
import { PaymentChoices } from './payment-choices';

const CURRENCY_OPTIONS = [
  { value: 'USD', label: 'US dollars (USD)' },
  { value: 'ZiG', label: 'Zimbabwe Gold (ZiG)' },
];

export function ListingFieldsEditor({
  kind,
  field,
  disabled = false,
}: {
  kind: PostType;
  /** The form kit's binding of each field (value, error, change). */
  field(name: keyof ListingFields): FieldBinding;
  disabled?: boolean;
}) {
  const bind = (name: keyof ListingFields) => ({ ...field(name), disabled, required: true });
  const money = field('currency').value === 'ZiG' ? 'ZiG' : 'US dollars';
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField label="Name" maxLength={LIMITS.postNameMax} autoComplete="off" {...bind('name')} />
      </div>
      <SelectField label="Category" options={CATEGORIES} {...bind('category')} />
      <SelectField label="Currency" options={CURRENCY_OPTIONS} {...bind('currency')} />
      <div className="sm:col-span-2">
        <TextField
          label={kind === 'product' ? 'Price' : 'Rate'}
          hint={`A number shows as ${money} per ${kind === 'product' ? 'item' : 'hour'}; other words as written.`}
          maxLength={50}
          {...bind('price')}
        />
      </div>
      <div className="space-y-3 sm:col-span-2">
        <TextField
          label="Payment methods"
          hint="Type your own, or tap the quick choices below."
          maxLength={LIMITS.postFieldMax}
          {...bind('paymentMethods')}
        />
        <PaymentChoices
          value={field('paymentMethods').value}
          onChange={field('paymentMethods').onChange}
          disabled={disabled}
        />
      </div>
      <div className="sm:col-span-2">
        <TextArea label="Details" rows={5} maxLength={LIMITS.postDetailsMax} {...bind('details')} />
      </div>
      <SelectField label="City" options={CITIES} autoComplete="address-level2" {...bind('city')} />
      <TextField
        label="Location"
        hint="Suburb or street."
        maxLength={LIMITS.postFieldMax}
        {...bind('location')}
      />
    </div>
  );
}
