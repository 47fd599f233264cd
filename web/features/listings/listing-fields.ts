// The listing form's model (spec §2, §5): the fields as typed, their defaults, and the shared rule
// that turns them into a create-post/edit-post input or the spec's message under each field.
import type { ItemDto } from '../../../shared/api-types';
import {
  DEFAULT_CATEGORY,
  DEFAULT_CITY,
  DEFAULT_CURRENCY,
  type PostType,
  type SellOrBuy,
} from '../../../shared/catalog';
import { type PostInput, productInputSchema, serviceInputSchema } from '../../../shared/validation';
import { type Checked, checkWith } from '../../components/ui/use-form';

/** As typed. `price` holds a product's price or a service's rate. */
export interface ListingFields {
  name: string;
  category: string;
  price: string;
  paymentMethods: string;
  details: string;
  city: string;
  location: string;
  /** 'USD' or 'ZiG' (issue 14). */
  currency: string;
}

export const emptyListing = (): ListingFields => ({
  name: '',
  category: DEFAULT_CATEGORY,
  price: '',
  paymentMethods: '',
  details: '',
  city: DEFAULT_CITY,
  location: '',
  currency: DEFAULT_CURRENCY,
});

export const fieldsOf = (item: ItemDto): ListingFields => ({
  name: item.name,
  category: item.category,
  price: item.type === 'product' ? item.price : item.rate,
  paymentMethods: item.paymentMethods,
  details: item.details,
  city: item.city,
  location: item.location,
  currency: item.currency,
});

/** The schema's (and the server's) `rate` is the form's `price` field. */
export const LISTING_FIELD_ALIASES = { rate: 'price' } as const;

/** Every required-field check at once: the input to send, or the message under each failing field. */
export function checkListing(
  kind: PostType,
  sellOrBuy: SellOrBuy,
  { price, ...fields }: ListingFields,
): Checked<string, PostInput, never> {
  return kind === 'product'
    ? checkWith(productInputSchema, { ...fields, price, sell_or_buy: sellOrBuy, type: 'product' })
    : checkWith(serviceInputSchema, { ...fields, rate: price, sell_or_buy: sellOrBuy, type: 'service' });
}
