// Builds seed rows from catalog-data: deterministic (a seeded PRNG), so two runs with the same
// arguments produce the same listings.
import { CATEGORIES, type Category, CITIES, type City } from '../../shared/catalog';
import {
  CATEGORY_DATA,
  CITY_WEIGHTS,
  CLOSINGS,
  CONDITIONS,
  FIRST_NAMES,
  LOCATIONS,
  PAYMENT_METHODS,
  SERVICE_LINES,
  SURNAMES,
} from './catalog-data';

export type Random = () => number;

/** mulberry32: a tiny, fast, good-enough PRNG with a 32-bit seed. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const pick = <T>(random: Random, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)] as T;
const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

const cityTable: City[] = CITIES.flatMap((city) => Array<City>(CITY_WEIGHTS[city] ?? 1).fill(city));

export interface SeedUser {
  name: string;
  email: string;
  phoneNumber: string;
}

export function generateUser(random: Random, index: number): SeedUser {
  const first = pick(random, FIRST_NAMES);
  const last = pick(random, SURNAMES);
  const prefix = pick(random, ['71', '73', '77', '78']);
  return {
    name: `${first} ${last}`,
    email: `${first}.${last}.${index}@example.co.zw`.toLowerCase(),
    phoneNumber: `0${prefix}${String(between(random, 0, 9_999_999)).padStart(7, '0')}`,
  };
}

/** A price drawn log-uniformly from the range and rounded the way people write prices. */
function priceIn(random: Random, [min, max]: [number, number]): number {
  const value = Math.exp(Math.log(min) + random() * (Math.log(max) - Math.log(min)));
  const step = value < 20 ? 1 : value < 200 ? 5 : value < 2000 ? 10 : 100;
  return Math.max(min, Math.round(value / step) * step);
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_m, key: string) => values[key] ?? '');

export interface SeedPost {
  userId: number;
  type: 'product' | 'service';
  sellOrBuy: 'Buy' | 'Sell';
  name: string;
  category: Category;
  price: string;
  paymentMethods: string;
  details: string;
  city: City;
  location: string;
  isPublished: boolean;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const DAY_MS = 86_400_000;

export function generatePost(random: Random, userIds: number[], now: number, spanDays: number): SeedPost {
  const category = pick(random, CATEGORIES);
  const data = CATEGORY_DATA[category];
  const type = random() < 0.7 ? 'product' : 'service';
  const sellOrBuy = random() < (type === 'product' ? 0.75 : 0.85) ? 'Sell' : 'Buy';
  const city = pick(random, cityTable);
  const location = pick(random, LOCATIONS[city]);
  const item = pick(random, type === 'product' ? data.products : data.services);
  const amount = priceIn(random, type === 'product' ? data.price : data.rate);
  const values = { city, location, years: String(between(random, 2, 15)) };

  const sentences =
    sellOrBuy === 'Buy'
      ? [
          `Looking for ${type === 'product' ? item : `someone for ${item.toLowerCase()}`} in ${city}.`,
          `Budget around $${amount}.`,
          pick(random, ['Please send pictures and your price.', 'Can collect.', 'Urgent.']),
        ]
      : type === 'product'
        ? [
            pick(random, CONDITIONS),
            pick(random, data.features),
            pick(random, data.features),
            pick(random, CLOSINGS),
          ]
        : [pick(random, data.features), pick(random, SERVICE_LINES), pick(random, SERVICE_LINES)];
  const details = fill([...new Set(sentences)].join(' '), values);

  const methods = [...new Set([pick(random, PAYMENT_METHODS), pick(random, PAYMENT_METHODS), 'Cash (USD)'])];
  const suffix = type === 'product' && sellOrBuy === 'Sell' && random() < 0.15 ? ' negotiable' : '';
  // More recent listings than old ones, as on a growing marketplace.
  const age = random() ** 1.6 * spanDays * DAY_MS;
  const createdAt = new Date(now - age - between(random, 0, 3_600_000));
  const isPublished = random() < 0.9;
  return {
    userId: pick(random, userIds),
    type,
    sellOrBuy,
    name: sellOrBuy === 'Buy' ? `${pick(random, ['Wanted:', 'Looking for'])} ${item}` : item,
    category,
    price: `${amount}${suffix}`,
    paymentMethods: methods.join(', '),
    details,
    city,
    location,
    isPublished,
    publishedAt: isPublished ? new Date(now - age) : null,
    createdAt,
    updatedAt: createdAt,
  };
}
