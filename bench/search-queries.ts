// npx tsx bench/search-queries.ts: what 20 real searches find in their first 5 results, before and after
// decision 027, on the configured database (seed it first: `npm run seed -- --count 100000`).
// "Before" is the first search, run as it ran: every word an English prefix term, all required, newest
// first. "After" is GET /api/posts?search= through the app. Prints a Markdown table.
// Options: --queries 'a,b,c' to replace the list.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { and, desc, sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { posts } from '../server/db/schema';
import { systemClock } from '../server/infra/clock';
import { listingCutoff } from '../server/modules/posts/expiry';
import { postVisibility } from '../server/modules/posts/policy';
import type { PostWrapper } from '../shared/api-types';

// The issue's own (the first six) and fourteen a Zimbabwean buyer would type.
const QUERIES = [
  'plumber',
  'solar panel',
  'tires',
  'solar',
  'refrigirator',
  'generatr',
  'fridge',
  'cellphone',
  'couch',
  'electrician',
  'welder',
  'laptop repair',
  'honda fit',
  'maize seed',
  'gas refill',
  'school uniform',
  'borehole',
  'chikens',
  'tiler',
  'wedding cake',
];

const { values } = parseArgs({ options: { queries: { type: 'string' } } });
const queries = values.queries ? values.queries.split(',') : QUERIES;

/** The first search's tsquery (before decision 027): each word a prefix term, all required. */
const firstSearchQuery = (input: string) =>
  input
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => `${word.slice(0, 40)}:*`)
    .join(' & ');

const cell = (names: string[]) => (names.length ? names.join('; ') : '(nothing)').replaceAll('|', '\\|');

async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  const app = await buildApp({ config, database });
  const cutoff = listingCutoff({ clock: systemClock, config });
  console.log('| query | before: first 5 (newest first, all words) | after: first 5 (best match) |');
  console.log('|---|---|---|');
  for (const query of queries) {
    const before = await database.db
      .select({ name: posts.name })
      .from(posts)
      .where(
        and(
          postVisibility.listed(cutoff),
          sql`${posts.searchVector} @@ to_tsquery('english', ${firstSearchQuery(query)})`,
        ),
      )
      .orderBy(desc(posts.publishedAt), desc(posts.id))
      .limit(5);
    const res = await app.inject({ url: `/api/posts?search=${encodeURIComponent(query)}` });
    const page = res.json() as { posts: PostWrapper[]; correctedSearch?: string };
    const after = page.posts.slice(0, 5).map((p) => (p.Product ?? p.Service)?.name ?? '?');
    const note = page.correctedSearch ? `Showing results for “${page.correctedSearch}”: ` : '';
    console.log(`| ${query} | ${cell(before.map((r) => r.name))} | ${note}${cell(after)} |`);
  }
  await app.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
