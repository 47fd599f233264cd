// Request bodies: JSON shaped by the route's schema (some fields valid, some not), any JSON at all,
// malformed JSON, form-encoded text, wrong content types, bodies at and over the body limit, and
// multipart forms for the upload (valid, cut short, malformed).
import fc from 'fast-check';
import { nearlyValid, objectFor, type Targets } from './fields';
import type { JsonSchema } from './routes';
import { anyJson, deepJsonText, dottedEmail, encodePathText, type Limits, runOf } from './values';

export type { Limits };

export interface Body {
  kind: string;
  contentType?: string;
  payload?: string | Buffer;
}

export { OWN_POST, OWN_TYPE, SELF, type Targets } from './fields';

const MALFORMED_JSON = [
  '{',
  '}',
  '{"a":}',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}{"b":2}',
  '[1,2',
  'nul',
  'NaN',
  '"unterminated',
  '\ufeff{"a":1}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\x00"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"a":1e999999}',
  '{"a":-}',
  '\u0000',
  'undefined',
  '<xml/>',
  '{"a":1}\u0000',
];

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/json;;',
  'application/vnd.api+json',
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=iso-8859-1',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=abc',
  'text/plain',
  'text/html',
  'application/xml',
  'application/octet-stream',
  'image/png',
  '*/*',
  ';',
  'application/json, text/plain',
  'x'.repeat(2000),
];

const safeStringify = (value: unknown) => JSON.stringify(value) ?? 'null';

function formEncode(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return `value=${encodePathText(typeof value === 'string' ? value : safeStringify(value))}`;
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${encodePathText(k)}=${encodePathText(typeof v === 'string' ? v : safeStringify(v))}`)
    .join('&');
}

/**
 * The backtracking probe: a valid body with one text field replaced by a long run of one unit (a
 * long dotted email in an email field), the input that makes a non-linear pattern take seconds.
 */
function longRunIn(schema: JsonSchema, limits: Limits, targets: Targets): fc.Arbitrary<Body> | null {
  const branches = schema.oneOf ?? schema.anyOf ?? [schema];
  const fields = [...new Set(branches.flatMap((b) => Object.keys(b.properties ?? {})))];
  if (!fields.length) return null;
  return fc
    .tuple(nearlyValid(schema, limits, targets, 0), fc.constantFrom(...fields))
    .chain(([valid, field]) =>
      (/email/i.test(field) ? dottedEmail(limits) : runOf(limits)).map((run) => ({ ...valid, [field]: run })),
    )
    .map((v) => ({ kind: 'json-long-run', contentType: 'application/json', payload: safeStringify(v) }));
}

/** Bodies for a route that takes `schema` (or none). `bodyLimit` is the server's, in bytes. */
export function bodyFor(schema: JsonSchema | null, limits: Limits, targets: Targets, bodyLimit: number) {
  const shaped = schema
    ? fc.oneof(
        { weight: 3, arbitrary: nearlyValid(schema, limits, targets) },
        { weight: 1, arbitrary: objectFor(schema, limits, targets) },
      )
    : anyJson(limits);
  const probe = schema ? longRunIn(schema, limits, targets) : null;
  const arbitraries: Array<{ weight: number; arbitrary: fc.Arbitrary<Body> }> = [
    ...(probe ? [{ weight: 2, arbitrary: probe }] : []),
    {
      weight: 6,
      arbitrary: shaped.map((v) => ({
        kind: 'json',
        contentType: 'application/json',
        payload: safeStringify(v),
      })),
    },
    {
      weight: 2,
      arbitrary: anyJson(limits).map((v) => ({
        kind: 'json-any',
        contentType: 'application/json',
        payload: safeStringify(v),
      })),
    },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.constantFrom(...MALFORMED_JSON),
          shaped.chain((v) => {
            const text = safeStringify(v);
            return fc.integer({ min: 0, max: Math.max(0, text.length - 1) }).map((n) => text.slice(0, n));
          }),
          deepJsonText,
        )
        .map((payload) => ({ kind: 'json-malformed', contentType: 'application/json', payload })),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          shaped.map(formEncode),
          fc.constantFrom('a', '=', '&&&', 'a=%zz', 'a=%ED%A0%80', 'a[b][c]=1', 'a=1&a=2', '%'),
        )
        .map((payload) => ({
          kind: 'form',
          contentType: 'application/x-www-form-urlencoded',
          payload,
        })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined }), shaped)
        .map(([contentType, v]) => ({ kind: 'content-type', contentType, payload: safeStringify(v) })),
    },
    {
      weight: 1,
      // At and just over the body limit: the padding is in a field no schema reads.
      arbitrary: fc.tuple(shaped, fc.integer({ min: -64, max: 64 })).map(([v, delta]) => {
        const fields = v && typeof v === 'object' && !Array.isArray(v) ? v : {};
        const base = safeStringify({ ...fields, _pad: '' });
        const pad = 'p'.repeat(Math.max(0, bodyLimit - base.length + delta));
        return {
          kind: 'json-huge',
          contentType: 'application/json',
          payload: base.replace('"_pad":""', `"_pad":"${pad}"`),
        };
      }),
    },
  ];
  return fc.oneof(...arbitraries);
}
