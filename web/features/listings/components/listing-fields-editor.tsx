// The listing's fields (spec §2): name, category, price or rate, payment methods, details, city and
// location, each with its error under it. Shared by the create forms and the preview's Edit mode.
import { CATEGORIES, CITIES, LIMITS, type PostType } from '../../../../shared/catalog';
import { SelectField, TextArea, TextField } from '../../../components/ui/field';
import type { ListingErrors, ListingFields } from '../listing-fields';

export function ListingFieldsEditor({
  kind,
  fields,
  errors,
  disabled = false,
  onChange,
}: {
  kind: PostType;
  fields: ListingFields;
  errors: ListingErrors;
  disabled?: boolean;
  onChange(field: keyof ListingFields, value: string): void;
}) {
  const bind = (field: keyof ListingFields) => ({
    name: field,
    value: fields[field],
    error: errors[field],
    disabled,
    required: true,
    onChange: (e: { target: { value: string } }) => onChange(field, e.target.value),
  });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField label="Name" maxLength={LIMITS.postNameMax} autoComplete="off" {...bind('name')} />
      </div>
      <SelectField label="Category" options={CATEGORIES} {...bind('category')} />
      {kind === 'product' ? (
        <TextField label="Price" hint="In US dollars, per item." maxLength={50} {...bind('price')} />
      ) : (
        <TextField label="Rate" hint="In US dollars, per hour." maxLength={50} {...bind('price')} />
      )}
      <div className="sm:col-span-2">
        <TextField
          label="Payment methods"
          hint="For example: cash, EcoCash, bank transfer."
          maxLength={LIMITS.postFieldMax}
          {...bind('paymentMethods')}
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
