// What a backup says about itself (manifest.json, the archive's last file): when it was made, from which
// database, at which migration, and how many of each thing it holds, so a restore can check it got
// everything and an operator can see what a file is without restoring it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../db/client';

export const ARCHIVE_FORMAT = 1;

export interface Counts {
  users: number;
  posts: number;
  comments: number;
  likes: number;
  postImages: number;
  messages: number;
}

export interface Manifest {
  format: number;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** The last migration applied (its drizzle tag) and how many were. */
  schema: { migration: string | null; migrations: number };
  counts: Counts;
  /** Image objects in the archive, their bytes, and keys the database names that storage lacked. */
  images: { storage: 'disk' | 's3'; objects: number; bytes: number; missing: string[] };
}

/** One row: the counts and the newest migration's timestamp, read in the snapshot's transaction. */
export const COUNTS_SQL = `select
  (select count(*) from users)::int as users,
  (select count(*) from posts)::int as posts,
  (select count(*) from comments)::int as comments,
  (select count(*) from likes)::int as likes,
  (select count(*) from post_images)::int as post_images,
  (select count(*) from messages)::int as messages,
  (select count(*) from drizzle.__drizzle_migrations)::int as migrations,
  (select max(created_at) from drizzle.__drizzle_migrations)::text as migrated_at`;

/** Every storage key the database names (thumb, medium and full of each post image). */
export const IMAGE_KEYS_SQL = `select thumb_key as key from post_images
  union select medium_key from post_images where medium_key is not null
  union select full_key from post_images`;

export interface Snapshot {
  counts: Counts;
  schema: Manifest['schema'];
  imageKeys: string[];
}

/** The drizzle tag of the migration applied at `when` (its journal's timestamp). */
function migrationTag(when: string | null): string | null {
  if (!when) return null;
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number; tag: string }>;
  };
  return journal.entries.find((e) => String(e.when) === when)?.tag ?? `unknown (${when})`;
}

/** Reads COUNTS_SQL's row and IMAGE_KEYS_SQL's rows. */
export function snapshotOf(countsRow: Record<string, unknown>, keyRows: Record<string, unknown>[]): Snapshot {
  const n = (key: string) => Number(countsRow[key] ?? 0);
  return {
    counts: {
      users: n('users'),
      posts: n('posts'),
      comments: n('comments'),
      likes: n('likes'),
      postImages: n('post_images'),
      messages: n('messages'),
    },
    schema: {
      migration: migrationTag((countsRow.migrated_at as string | null) ?? null),
      migrations: n('migrations'),
    },
    imageKeys: keyRows.map((r) => String(r.key)),
  };
}
