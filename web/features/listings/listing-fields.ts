// The listing form's model (spec §2, §5): the fields as typed, their defaults, and the shared rule
// that turns them into a create-post/edit-post input or the spec's message under each field.
import type { ItemDto } from '../../../shared/api-types';
import { DEFAULT_CATEGORY, DEFAULT_CITY, type PostType, type SellOrBuy } from '../../../shared/catalog';
import {
  fieldErrors,
  type PostInput,
  productInputSchema,
  serviceInputSchema,
} from '../../../shared/validation';

/** As typed. `price` holds a product's price or a service's rate. */
export interface ListingFields {
  name: string;
  category: string;
  price: string;
  paymentMethods: string;
  details: string;
  city: string;
  location: string;
}
export type ListingErrors = Partial<Record<keyof ListingFields, string>>;

export const emptyListing = (): ListingFields => ({
  name: '',
  category: DEFAULT_CATEGORY,
  price: '',
  paymentMethods: '',
  details: '',
  city: DEFAULT_CITY,
  location: '',
});

export const fieldsOf = (item: ItemDto): ListingFields => ({
  name: item.name,
  category: item.category,
  price: item.type === 'product' ? item.price : item.rate,
  paymentMethods: item.paymentMethods,
  details: item.details,
  city: item.city,
  location: item.location,
});

/** Field errors from the server (a service's `rate` is the form's `price`). */
export function toListingErrors(errors: Record<string, string> | undefined): ListingErrors {
  if (!errors) return {};
  const { rate, ...rest } = errors;
  return { ...rest, ...(rate ? { price: rate } : {}) } as ListingErrors;
}

/** Every required-field check at once: the input to send, or the message under each failing field. */
export function validateListing(
  kind: PostType,
  sellOrBuy: SellOrBuy,
  { price, ...fields }: ListingFields,
): { input?: PostInput; errors: ListingErrors } {
  const parsed =
    kind === 'product'
      ? productInputSchema.safeParse({ ...fields, price, sell_or_buy: sellOrBuy, type: 'product' })
      : serviceInputSchema.safeParse({ ...fields, rate: price, sell_or_buy: sellOrBuy, type: 'service' });
  if (parsed.success) return { input: parsed.data, errors: {} };
  return { errors: toListingErrors(fieldErrors(parsed.error)) };
}
