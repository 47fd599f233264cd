// The one contract for every /api call (decision 038): each call's route (routes.ts) joined with its
// schemas (the area files), and the types both ends derive from them. The server registers its routes
// from CALLS (server/route.ts: a handler answering another shape does not compile) and /api/docs is
// generated from those routes; the web calls them through web/lib/client.ts, which reads only ROUTES
// at run time and these types.
import type { z } from 'zod';
import { appCalls } from './app';
import { authCalls } from './auth';
import { blockCalls, contactCalls, conversationCalls } from './conversations';
import type { CallSchemas } from './define';
import { commentCalls, likeCalls, viewCalls } from './engagement';
import { favouriteCalls } from './favourites';
import { feedCalls } from './feed';
import { imageCalls } from './images';
import { listingCalls } from './listings';
import { moderationCalls, reportCalls } from './moderation';
import { myDataCalls } from './my-data';
import { notificationCalls, savedSearchCalls } from './notifications';
import { postDetailCalls, sellerPageCalls } from './post-detail';
import { type CallName, ROUTES } from './routes';
import { userCalls } from './users';

export { type CallName, ROUTES };

const calls = {
  ...authCalls,
  ...userCalls,
  ...listingCalls,
  ...imageCalls,
  ...feedCalls,
  ...postDetailCalls,
  ...sellerPageCalls,
  ...likeCalls,
  ...commentCalls,
  ...viewCalls,
  ...favouriteCalls,
  ...reportCalls,
  ...moderationCalls,
  ...myDataCalls,
  ...conversationCalls,
  ...blockCalls,
  ...contactCalls,
  ...notificationCalls,
  ...savedSearchCalls,
  ...appCalls,
};

/** Every route has schemas and every schema a route: either missing fails the type check here. */
type Exact<T, Keys extends PropertyKey> = Exclude<keyof T, Keys> extends never ? T : never;
export const CALLS: Exact<typeof calls, CallName> = calls satisfies Record<CallName, CallSchemas>;

export type Calls = typeof calls;
export type CallOf<N extends CallName> = Calls[N] & (typeof ROUTES)[N];

type Part<N extends CallName, K extends string> = Calls[N] extends { [P in K]: infer S extends z.ZodType }
  ? S
  : undefined;

/** What a part of the request is once the server has parsed it (undefined when the call has none). */
export type Parsed<N extends CallName, K extends 'params' | 'query' | 'body' | 'headers'> =
  Part<N, K> extends z.ZodType ? z.output<Part<N, K>> : undefined;
/** What a client sends as that part (before the server's parsing: strings a number is read from...). */
export type Sent<N extends CallName, K extends 'params' | 'query' | 'body' | 'headers'> =
  Part<N, K> extends z.ZodType ? z.input<Part<N, K>> : undefined;

export type SuccessStatus<N extends CallName> = keyof Calls[N]['responses'] & number;
type AnswerSchema<N extends CallName, S extends SuccessStatus<N>> = Calls[N]['responses'][S];

/** A success answer's body as the server gives it to the serializer, for status S. */
export type AnswerIn<N extends CallName, S extends SuccessStatus<N>> = z.input<AnswerSchema<N, S>>;
/** A success answer's body as the client reads it (any success status). */
export type Answer<N extends CallName> = {
  [S in SuccessStatus<N>]: z.output<AnswerSchema<N, S>>;
}[SuccessStatus<N>];
