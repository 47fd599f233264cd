// Field values for generated JSON bodies: valid ones by the route's schema (and by field name where the
// schema alone does not say), nearly valid objects (one or two fields changed or dropped), and real
// targets (the member's own post, its own id) filled in at send time.
import fc from 'fast-check';
import type { JsonSchema } from './routes';
import { anyJson, anyString, dottedEmail, type Limits, oddNumber, once, pick } from './values';

/** Real things to point at: ids of posts, comments, images and users, and the actors' ids. */
export interface Targets {
  postIds: number[];
  commentIds: number[];
  imageIds: number[];
  userIds: number[];
  emails: string[];
  mediaKeys: string[];
  /** Small real image files for the upload. */
  images: Buffer[];
}

const textUnit = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...'abcdefghij ABC0123456789.,-') },
  { weight: 1, arbitrary: fc.constantFrom('é', 'ж', 'ع', '中', '👍🏽', '\u0301', '\t', '\n', '\u0000') },
);

const ID_FIELD = /^(id|postId|userId|currentUser|imageId)$/;
const isUserField = (name: string) => name === 'userId' || name === 'currentUser';

/**
 * Stand-ins replaced when the request is sent (fuzz.test.ts): the sending member's own post and own
 * user id, so owner-only calls get past authorization and reach their service and database code.
 */
export const OWN_POST = '__OWN_POST__';
export const SELF = '__SELF__';
/** The type ('product' or 'service') of the post OWN_POST stands for. */
export const OWN_TYPE = '__OWN_TYPE__';

function idFor(name: string, targets: Targets) {
  const pool = isUserField(name)
    ? targets.userIds
    : name === 'imageId'
      ? targets.imageIds
      : [...targets.postIds, ...targets.commentIds];
  return fc.oneof(
    fc.constant(isUserField(name) ? SELF : OWN_POST),
    pick(pool),
    pick(pool).map(String),
    oddNumber,
    fc.constantFrom('1 ', '01', '', 'abc', '2147483648', '-5'),
  );
}

/** A value for one schema: usually one it accepts, sometimes anything at all. */
export function valueFor(
  schema: JsonSchema,
  name: string,
  limits: Limits,
  targets: Targets,
): fc.Arbitrary<unknown> {
  const wild = anyJson(limits);
  const fitting = fittingValue(schema, name, limits, targets);
  return fc.oneof({ weight: 3, arbitrary: fitting }, { weight: 1, arbitrary: wild });
}

function fittingValue(
  schema: JsonSchema,
  name: string,
  limits: Limits,
  targets: Targets,
): fc.Arbitrary<unknown> {
  if (ID_FIELD.test(name)) return idFor(name, targets);
  const options = schema.oneOf ?? schema.anyOf;
  if (options?.length) return fc.oneof(...options.map((s) => fittingValue(s, name, limits, targets)));
  if (schema.allOf?.length)
    return fittingValue({ ...schema, allOf: undefined, ...schema.allOf[0] }, name, limits, targets);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return objectFor(schema, limits, targets);
    case 'array':
      return fc.array(fittingValue(schema.items ?? {}, name, limits, targets), { maxLength: 6 });
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number':
      return oddNumber;
    case 'string': {
      const max = Math.min(schema.maxLength ?? 64, limits.maxString);
      const min = Math.min(schema.minLength ?? 0, max);
      return fc.oneof(
        once(`text ${min} ${max}`, () => fc.string({ minLength: min, maxLength: max, unit: textUnit })),
        /email/i.test(name)
          ? fc.oneof(fc.emailAddress(), pick(targets.emails), dottedEmail(limits))
          : fc.string({ minLength: 8, maxLength: 24 }),
        /password/i.test(name) ? fc.constant('correct horse battery') : fc.string({ maxLength: 8 }),
        anyString(limits),
      );
    }
    default:
      return anyJson(limits);
  }
}

// Values each field accepts, by name where the schema alone does not say (formats, uniqueness).
const VALID_TEXT: Array<[RegExp, fc.Arbitrary<unknown>]> = [
  [/email/i, fc.emailAddress().filter((e) => e.length <= 254)],
  [/password/i, fc.constant('correct horse battery')],
  [/phone/i, fc.constantFrom('0771234567', '+263 77 123 4567', '')],
  [/content/i, fc.constantFrom('Is this still available?', '  Yes 👍🏽\nline two  ')],
  [/cursor/i, fc.constantFrom(null, '')],
  [/search/i, fc.constantFrom('phone', 'samsung galaxy', '')],
];

/** A value the schema accepts (as far as the fuzz can tell). */
function validFor(schema: JsonSchema, name: string, limits: Limits, targets: Targets): fc.Arbitrary<unknown> {
  if (ID_FIELD.test(name)) return fc.constant(isUserField(name) ? SELF : OWN_POST);
  const options = schema.oneOf ?? schema.anyOf;
  if (options?.length) return fc.oneof(...options.map((s) => validFor(s, name, limits, targets)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object') return nearlyValid(schema, limits, targets, 0);
  if (type === 'boolean') return fc.boolean();
  if (type === 'number' || type === 'integer') return fc.integer({ min: 1, max: 100 });
  if (type === 'array')
    return fc.array(validFor(schema.items ?? {}, name, limits, targets), { maxLength: 3 });
  const known = VALID_TEXT.find(([pattern]) => pattern.test(name));
  if (known) return known[1];
  const min = schema.minLength ?? 0;
  return fc
    .constantFrom('Test value 12', 'Avondale, Harare')
    .map((v) => v.padEnd(min, 'x').slice(0, schema.maxLength ?? 100));
}

/** A valid object with up to `mutations` fields dropped or replaced by anything at all. */
export function nearlyValid(
  schema: JsonSchema,
  limits: Limits,
  targets: Targets,
  mutations = 2,
): fc.Arbitrary<Record<string, unknown>> {
  const options = schema.oneOf ?? schema.anyOf;
  if (options?.length) return fc.oneof(...options.map((s) => nearlyValid(s, limits, targets, mutations)));
  const keys = Object.keys(schema.properties ?? {});
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const key of keys) record[key] = validFor(schema.properties?.[key] ?? {}, key, limits, targets);
  // A changed field gets a value aimed at it (valueFor: its own kind of wrong, e.g. a long dotted
  // email in an email field) or is dropped.
  const change = keys.length
    ? fc
        .constantFrom(...keys)
        .chain((key) =>
          fc.tuple(
            fc.constant(key),
            fc.option(valueFor(schema.properties?.[key] ?? {}, key, limits, targets), { nil: undefined }),
          ),
        )
    : fc.tuple(fc.constant('x'), fc.option(anyJson(limits), { nil: undefined }));
  const changes = fc.oneof(
    { weight: 2, arbitrary: fc.constant([]) },
    { weight: 3, arbitrary: fc.array(change, { minLength: 1, maxLength: Math.max(1, mutations) }) },
  );
  return fc.tuple(fc.record(record), mutations ? changes : fc.constant([])).map(([valid, changes]) => {
    const out: Record<string, unknown> = { ...valid };
    for (const [key, value] of changes) {
      if (value === undefined) delete out[key];
      else out[key] = value;
    }
    return out;
  });
}

export function objectFor(
  schema: JsonSchema,
  limits: Limits,
  targets: Targets,
): fc.Arbitrary<Record<string, unknown>> {
  if (schema.oneOf || schema.anyOf)
    return fittingValue(schema, '', limits, targets) as fc.Arbitrary<Record<string, unknown>>;
  const entries = Object.entries(schema.properties ?? {});
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, prop] of entries) record[key] = valueFor(prop, key, limits, targets);
  return fc
    .tuple(
      fc.record(record, { requiredKeys: [] }),
      fc.dictionary(fc.string({ maxLength: 10 }), anyJson(limits), { maxKeys: 2 }),
      fc.boolean(),
    )
    .map(([known, extra, withExtra]) => (withExtra ? { ...extra, ...known } : known));
}
