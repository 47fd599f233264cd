// The whole data model (DESIGN §3). drizzle-kit generates the SQL migrations from this file; the
// search index's tables are in search-schema.ts, exported from here too.
import { getTableColumns, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CURRENCIES, DEFAULT_CURRENCY, POST_TYPES } from '../../shared/catalog';
import {
  ACTION_TARGETS,
  MODERATION_ACTIONS,
  MODERATION_STATES,
  REPORT_REASONS,
  REPORT_TARGETS,
} from '../../shared/moderation';
import { POST_STATUSES } from '../../shared/post-status';
import { ROLES } from '../../shared/roles';
import { priceAmountSql } from './price-amount';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** A text-search query (a saved search's words, parsed once when saved: issue 33). */
const tsquery = customType<{ data: string }>({ dataType: () => 'tsquery' });
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

// Trust & safety columns of posts and comments (decision 014). Only 'visible' rows by authors who are
// not suspended are public; the owner and moderators see the rest (modules/posts/policy.ts).
const moderationColumns = () => ({
  moderation: text('moderation', { enum: MODERATION_STATES }).notNull().default('visible'),
  /** Copied from users.suspended_at on suspend/reinstate, so visibility is a check on the row itself. */
  authorSuspended: boolean('author_suspended').notNull().default(false),
  /** The scam patterns the text matched when it was written (modules/safety); empty for most. */
  scamSignals: text('scam_signals').array().notNull().default(sql`'{}'::text[]`),
  /** When a moderator last decided on it: a warned row leaves the queue once reviewed. */
  reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
});

/** Waiting for a moderator: hidden by reports, held, or warned and not yet looked at (the queue). */
export const needsReview = (t: {
  moderation: AnyPgColumn;
  scamSignals: AnyPgColumn;
  reviewedAt: AnyPgColumn;
}) =>
  sql`(${t.moderation} in ('pending', 'held') or (cardinality(${t.scamSignals}) > 0 and ${t.reviewedAt} is null))`;

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('member'),
    /** Set while a moderator has suspended the account: no sign-in, nothing of theirs is public. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true, mode: 'date' }),
    /** When the owner of `email` confirmed it (a link mailed to it); null until then, and after a change. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /**
     * When the owner deleted the account (issue 31): the row stays, emptied, so their comments still
     * read as 'Deleted user' and the audit log keeps its ids; the email and phone are freed.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** Whether posts show the phone number (issue 32); off, buyers see only 'Message seller'. */
    showPhoneOnPosts: boolean('show_phone_on_posts').notNull().default(true),
    /** The last time the person used the app (issue 33), kept to the minute: mail waits while they are here. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true, mode: 'date' }),
    /** When the last mail of what they missed went (issue 33): at most one every NOTIFY_MAIL_MINUTES. */
    notifyMailedAt: timestamp('notify_mailed_at', { withTimezone: true, mode: 'date' }),
    /**
     * The address the account signed up from, as a keyed hash (infra/address-keys.ts), never the address
     * itself: reports from accounts made on one address count once (issue 36). Cleared on deletion.
     */
    signupAddress: text('signup_address'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    passwordVerifiedAt: timestamp('password_verified_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['product', 'service'] }).notNull(),
    sellOrBuy: text('sell_or_buy', { enum: ['Buy', 'Sell'] }).notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    price: text('price').notNull(),
    paymentMethods: text('payment_methods').notNull(),
    details: text('details').notNull(),
    city: text('city').notNull(),
    location: text('location').notNull(),
    isPublished: boolean('is_published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    /** The seller's word (issue 14): sold posts leave the feeds, their links stay (posts/policy.ts). */
    status: text('status', { enum: POST_STATUSES }).notNull().default('available'),
    /** The price's currency (issue 14); the price itself stays free text as the spec has it. */
    currency: text('currency', { enum: CURRENCIES }).notNull().default(DEFAULT_CURRENCY),
    /** The number the price text starts with, in `currency`, or null (db/price-amount.ts): the price sort. */
    priceAmount: numeric('price_amount').generatedAlwaysAs(priceAmountSql),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    uniqueViewerCount: integer('unique_viewer_count').notNull().default(0),
    ...moderationColumns(),
    /** Hash of the normalised name + details: the same ad from many accounts is held (copy-paste spam). */
    textFingerprint: text('text_fingerprint').notNull().default(''),
    /** When this text first went public (kept while unpublished; an edit to new text clears it). */
    textPublishedAt: timestamp('text_published_at', { withTimezone: true, mode: 'date' }),
    /** The price and currency ('4500|USD') as last published (issue 33): a publish with another tells savers. */
    publicPrice: text('public_price'),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(category, '') || ' ' || coalesce(city, '') || ' ' || coalesce(location, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(details, '')), 'C')`,
    ),
  },
  (t) => [
    // Keyset feeds: newest published first, with id as the tie-breaker.
    index('posts_feed_idx').on(t.publishedAt.desc(), t.id.desc()).where(sql`${t.isPublished}`),
    index('posts_type_feed_idx').on(t.type, t.publishedAt.desc(), t.id.desc()).where(sql`${t.isPublished}`),
    // The /home filters: a rare city or category reads only its own posts instead of walking the whole feed.
    index('posts_category_feed_idx')
      .on(t.category, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.isPublished}`),
    index('posts_city_feed_idx').on(t.city, t.publishedAt.desc(), t.id.desc()).where(sql`${t.isPublished}`),
    // /home's price order (decision 021): cheapest first within a currency, only prices that are numbers.
    index('posts_price_feed_idx')
      .on(t.currency, t.priceAmount, t.id)
      .where(sql`${t.isPublished} and ${t.priceAmount} is not null`),
    index('posts_user_idx').on(t.userId, t.createdAt.desc()),
    index('posts_search_idx').using('gin', t.searchVector),
    index('posts_fingerprint_idx').on(t.textFingerprint, t.textPublishedAt),
    // The moderation queue: the few rows that are not simply public.
    index('posts_review_idx').on(t.createdAt).where(needsReview(t)),
  ],
);

export const postImages = pgTable(
  'post_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    thumbKey: text('thumb_key').notNull(),
    /** Null for images stored before the medium variant existed (decision 018): they offer thumb and full. */
    mediumKey: text('medium_key'),
    fullKey: text('full_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('post_images_post_idx').on(t.postId, t.position),
    // GET /media/{key} finds the image's post (and its visibility) by any of its keys. Not unique: an
    // upload's keys are random, but the seed shares a few sample files between many posts.
    index('post_images_thumb_key_idx').on(t.thumbKey),
    index('post_images_medium_key_idx').on(t.mediumKey),
    index('post_images_full_key_idx').on(t.fullKey),
  ],
);

export const likes = pgTable(
  'likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('likes_user_idx').on(t.userId)],
);

// A user's saved posts (issue 14): private to the user, listed newest saved first.
export const favourites = pgTable(
  'favourites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    // GET /api/favourites walks this in its keyset order (saved_at desc, post_id desc).
    index('favourites_user_saved_idx').on(t.userId, t.createdAt.desc(), t.postId.desc()),
    // Deleting a post (or an account's posts) removes its saves by post id: without this, a scan.
    index('favourites_post_idx').on(t.postId),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
    ...moderationColumns(),
  },
  (t) => [
    index('comments_post_idx').on(t.postId, t.createdAt.desc(), t.id.desc()),
    index('comments_user_idx').on(t.userId, t.createdAt.desc()),
    index('comments_review_idx').on(t.createdAt).where(needsReview(t)),
  ],
);

export const postViews = pgTable(
  'post_views',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    viewerKey: text('viewer_key').notNull(),
    isAuthenticated: boolean('is_authenticated').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    count: integer('count').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.postId, t.viewerKey] })],
);

/**
 * One row per reporter and target (a repeat changes nothing). Open reports count toward hiding;
 * a moderator's restore dismisses them, so the same reporters cannot hide the target again.
 */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    targetType: text('target_type', { enum: REPORT_TARGETS }).notNull(),
    targetId: integer('target_id').notNull(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    note: text('note'),
    /** What the report weighed when it was filed (modules/reports/weight.ts weighs open ones again). */
    weight: integer('weight').notNull(),
    status: text('status', { enum: ['open', 'dismissed', 'upheld'] })
      .notNull()
      .default('open'),
    /** The address it was sent from, as a keyed hash (as users.signup_address); null once its reporter left. */
    address: text('address'),
    /**
     * When a moderator upheld or dismissed it (null while open, and when it closed otherwise: its comment
     * deleted, its reporter suspended): three dismissals since the last upheld one cost the reporter weight.
     */
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reports_reporter_target_key').on(t.targetType, t.targetId, t.reporterId),
    index('reports_open_idx').on(t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
    index('reports_reporter_decided_idx')
      .on(t.reporterId, t.decidedAt)
      .where(sql`${t.decidedAt} is not null`),
  ],
);

/** The audit log: who did what to which target, when and why. moderatorId null = automatic. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    moderatorId: integer('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
    targetType: text('target_type', { enum: ACTION_TARGETS }).notNull(),
    targetId: integer('target_id').notNull(),
    /** The author the action concerns (for the queue's author history). */
    subjectUserId: integer('subject_user_id').references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_actions_recent_idx').on(t.createdAt.desc(), t.id.desc()),
    index('moderation_actions_subject_idx').on(t.subjectUserId, t.createdAt.desc()),
    // A target's last restore (reports cannot hide it for RESTORED_IMMUNITY_DAYS after one).
    index('moderation_actions_restore_idx')
      .on(t.targetType, t.targetId, t.createdAt.desc())
      .where(sql`${t.action} = 'restore'`),
  ],
);

/**
 * create-post's Idempotency-Key (decision 026): one row per user and key, written in the transaction
 * that creates the post, so a retry (or a concurrent twin) of the same key finds the first answer
 * instead of making a second post. Swept after 24 hours (server/jobs.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The first answer, replayed as it was (the post may have changed or gone since). */
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** What a one-time link in a mail does (issue 31). */
export const ACCOUNT_TOKEN_KINDS = ['password-reset', 'email-verification'] as const;

/**
 * The one-time links mailed to a person (issue 31): only the sha256 of the token is kept (the token is
 * in the mail alone), with the address it was sent to; a link is single use, expires, and a newer
 * link of the same kind voids the older ones (used_at set).
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind', { enum: ACCOUNT_TOKEN_KINDS }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link went to: a verification confirms this address, no other. */
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.kind)],
);

/**
 * Mail waiting to go out (issue 31): written in the transaction of the change that causes it, sent by
 * a job (modules/mail/delivery.ts) with retries and backoff. A row is claimed by moving
 * next_attempt_at past the send's longest time, so two instances never send it twice. Once sent, its
 * body (which may hold a one-time link) is dropped; the row stays as a record.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    /** The mail's one link, logged when mail goes to files (no mail server configured). */
    link: text('link'),
    /** Extra headers (the notification mails' List-Unsubscribe, RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** Refused for good (the server said the address does not exist): never tried again. */
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);

/**
 * A buyer's conversation with a seller about one post (issue 32): one per post and buyer. It outlives
 * its post (no foreign key: a deleted post must not take what was said with it, a scam's evidence
 * included): deleting the post first copies its name, price and currency here (`post_*`), which the
 * conversation then shows.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The post it is about; the id stays after the post is deleted (ids are never reused). */
    postId: integer('post_id').notNull(),
    postName: text('post_name'),
    postPrice: text('post_price'),
    postCurrency: text('post_currency', { enum: CURRENCIES }),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('conversations_post_buyer_key').on(t.postId, t.buyerId)],
);

/**
 * Each side of a conversation: where it is in that person's inbox (`activity_at`: their last message
 * they can see; null while they can see none, e.g. a first message held for review), what they have
 * read and how many messages wait for them.
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityAt: timestamp('activity_at', { withTimezone: true, mode: 'date' }),
    /** The last message this side can see (the inbox's preview), null while none. */
    lastMessageId: integer('last_message_id'),
    unread: integer('unread').notNull().default(0),
    lastReadAt: timestamp('last_read_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_members_inbox_idx')
      .on(t.userId, t.activityAt.desc(), t.conversationId.desc())
      .where(sql`${t.activityAt} is not null`),
    // Who has unread messages (issue 33: the away mail's candidates).
    index('conversation_members_unread_idx').on(t.userId).where(sql`${t.unread} > 0`),
  ],
);

export const MESSAGE_STATES = ['visible', 'held', 'removed'] as const;

/**
 * A message (issue 32). 'held' (the same text sent to many people within an hour) and 'removed' (a
 * moderator hid it) are seen by the sender only; the recipient sees it once a moderator releases it.
 */
export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** The scam patterns the text matched (modules/safety): the recipient is warned. */
    scamSignals: text('scam_signals').array().notNull().default(sql`'{}'::text[]`),
    /** sha256 of the folded text: the same text sent to many recipients is held. */
    fingerprint: text('fingerprint').notNull(),
    moderation: text('moderation', { enum: MESSAGE_STATES }).notNull().default('visible'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id.desc()),
    index('messages_sender_fingerprint_idx').on(t.senderId, t.fingerprint, t.createdAt),
    index('messages_review_idx').on(t.createdAt).where(sql`${t.moderation} = 'held'`),
  ],
);

/** Who blocked whom (issue 32): neither can message the other; the blocker no longer sees their new comments. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);

/**
 * Each user's events for the live stream (issue 32, decision 040), numbered per user in commit order:
 * the counter row (event_counters) is locked by the transaction that writes one, so a later number
 * never commits before an earlier one and a reconnect's Last-Event-ID replays exactly what it missed.
 * The stream is a hint; these rows are the record. Swept after 24 hours.
 */
export const eventCounters = pgTable('event_counters', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
});

export const userEvents = pgTable(
  'user_events',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.seq] }), index('user_events_created_idx').on(t.createdAt)],
);

/**
 * What happened for a person (issue 33, decision 041). One row per `group_key` and user: a like on the
 * same post the same day, or new matches of one saved search while unread, update the row (its actors,
 * count and time) instead of adding one. The sentence is made when read (notifications/present.ts)
 * from the kind, the actors, the subject (a post's name, a search's label) and `detail`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    groupKey: text('group_key').notNull(),
    /** No foreign key: the notification outlives a deleted post (its link then says so). */
    postId: integer('post_id'),
    subject: text('subject').notNull(),
    detail: text('detail'),
    link: text('link').notNull(),
    /** Newest first, at most 3: [{id, name}]. */
    actors: jsonb('actors').$type<{ id: number; name: string }[]>().notNull().default([]),
    count: integer('count').notNull().default(1),
    /** When it was raised last (a grouped update raises it again): the list's order. */
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    /** When a mail told of it (or it was decided no mail would): the away-mail job's mark. */
    mailedAt: timestamp('mailed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('notifications_group_key').on(t.userId, t.groupKey),
    index('notifications_list_idx').on(t.userId, t.at.desc(), t.id.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_unmailed_idx')
      .on(t.userId)
      .where(sql`${t.mailedAt} is null and ${t.readAt} is null`),
  ],
);

/** Which notifications a person gets by mail (issue 33); no row: all of them. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  messages: boolean('messages').notNull().default(true),
  comments: boolean('comments').notNull().default(true),
  savedSearches: boolean('saved_searches').notNull().default(true),
  listings: boolean('listings').notNull().default(true),
  moderation: boolean('moderation').notNull().default(true),
});

/**
 * A person's saved /home search (issue 33, decision 041). `query` is the search's words as the
 * newest-order tsquery text /home runs (feed/search.ts), checked with @@ against a new post's
 * search_vector; `anchors` are the terms one of which any matching post must have (a word's lexemes,
 * its typed prefix, or for a search without words one of its filters), GIN-indexed, so finding the
 * searches a new post matches costs index lookups for the post's own terms, whatever their number.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    search: text('search'),
    type: text('type', { enum: POST_TYPES }),
    category: text('category'),
    city: text('city'),
    sellOrBuy: text('sell_or_buy', { enum: ['Buy', 'Sell'] }),
    currency: text('currency', { enum: CURRENCIES }),
    label: text('label').notNull(),
    query: tsquery('query'),
    anchors: text('anchors').array().notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId),
    // No pending list (fastupdate off): searches are saved rarely and looked up on every new post, and a
    // GIN pending list is read linearly by every lookup until a vacuum merges it (~200 ms at 100,000).
    index('saved_searches_anchors_idx').using('gin', t.anchors).with({ fastupdate: false }),
  ],
);

/** Posts a saved search matched, and when each was listed (its new count; a renewal counts again). */
export const savedSearchHits = pgTable(
  'saved_search_hits',
  {
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    postId: integer('post_id').notNull(),
    listedAt: timestamp('listed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.postId] }),
    index('saved_search_hits_listed_idx').on(t.listedAt),
  ],
);

/** Where a background job got to (issue 33): the saved-search check's last publish time read. */
export const jobMarks = pgTable('job_marks', {
  name: text('name').primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** A post row's columns without the search vector (which no response shows): select these. */
export const { searchVector: _searchVector, ...postRowColumns } = getTableColumns(posts);

export { searchPostings, searchTerms } from './search-schema';
