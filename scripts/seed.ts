// Fills the configured database (PGlite under DATA_DIR, or PostgreSQL via DATABASE_URL) with realistic
// Zimbabwean listings: `npm run seed -- --count 100000`. Adds to what is there; safe to run again.
// Options: --count N posts (default 200), --users N (default 300), --images N pictures (default 24),
// --days N over which posts were published (default 55: within POST_EXPIRY_DAYS, so all are listed), --seed N for the random generator.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { inArray, sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { postImages, posts, users } from '../server/db/schema';
import { createStorage } from '../server/infra/storage';
import { hashPassword } from '../server/modules/auth/passwords';
import { listingTextChecks } from '../server/modules/safety/text-checks';
import { createRandom, generatePost, generateUser } from './seed/generate';
import { createSeedImages, type SeedImage } from './seed/images';

const DEMO = { name: 'Demo Seller', email: 'demo@example.co.zw', phoneNumber: '0771000000' };
const DEMO_PASSWORD = 'marketplace-demo';
const BATCH = 1000;

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got "${value}"`);
  return n;
}

async function main() {
  const { values } = parseArgs({
    options: {
      count: { type: 'string' },
      users: { type: 'string' },
      images: { type: 'string' },
      days: { type: 'string' },
      seed: { type: 'string' },
    },
  });
  const count = positiveInt('count', values.count, 200);
  const userCount = Math.max(1, positiveInt('users', values.users, 300));
  const imageCount = positiveInt('images', values.images, 24);
  const spanDays = Math.max(1, positiveInt('days', values.days, 55));
  const random = createRandom(positiveInt('seed', values.seed, 263));

  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  const { db } = database;
  const target = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${path.join(config.dataDir, 'db')}`;
  console.log(`Seeding ${count} posts into ${target}...`);
  const started = performance.now();

  try {
    // One hash for every seeded account: argon2 is slow on purpose.
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const people = [DEMO, ...Array.from({ length: userCount }, (_, i) => generateUser(random, i + 1))];
    await db
      .insert(users)
      .values(people.map((p) => ({ ...p, passwordHash })))
      .onConflictDoNothing();
    const userIds = (
      await db
        .select({ id: users.id })
        .from(users)
        .where(
          inArray(
            users.email,
            people.map((p) => p.email),
          ),
        )
    ).map((u) => u.id);

    // On disk or in the bucket, as the server is configured (STORAGE; decision 024).
    const storage = createStorage(config);
    const images =
      imageCount > 0 ? await createSeedImages(storage, imageCount).finally(() => storage.close?.()) : [];
    const now = Date.now();
    let published = 0;
    let attached = 0;
    for (let done = 0; done < count; done += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, count - done) }, () => {
        const post = generatePost(random, userIds, now, spanDays);
        return { ...post, ...listingTextChecks(post), textPublishedAt: post.publishedAt };
      });
      published += rows.filter((r) => r.isPublished).length;
      attached += await db.transaction(async (tx) => {
        const inserted = await tx.insert(posts).values(rows).returning({ id: posts.id });
        const imageRows = attachImages(
          random,
          inserted.map((p) => p.id),
          images,
        );
        if (imageRows.length > 0) await tx.insert(postImages).values(imageRows);
        return imageRows.length;
      });
      if ((done / BATCH) % 10 === 9) console.log(`  ${done + rows.length} posts...`);
    }
    // Fresh statistics so the planner knows the table's size and the search vector's common words, and
    // the GIN index's pending list merged (a live database's autovacuum does both; until it had, every
    // search after a 100k seed read the whole list: half the search's time, decision 030), and the
    // search index's pages marked all-visible, so its walks never read the table (decision 033).
    await db.execute(sql`vacuum analyze users, posts, post_images, search_postings, search_terms`);

    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${count} posts (${published} published, ${attached} images attached) by ${userIds.length} users, ` +
        `${images.length} generated pictures, in ${seconds} s.`,
    );
    console.log(`Demo login: ${DEMO.email} / ${DEMO_PASSWORD} (every seeded account uses this password).`);
  } finally {
    await database.close();
  }
}

/** About three in four posts get one to three of the shared pictures. */
function attachImages(random: () => number, postIds: number[], images: SeedImage[]) {
  if (images.length === 0) return [];
  return postIds.flatMap((postId) => {
    if (random() >= 0.75) return [];
    const howMany = 1 + Math.floor(random() * 3);
    const first = Math.floor(random() * images.length);
    return Array.from({ length: howMany }, (_, position) => ({
      postId,
      position,
      ...(images[(first + position * 7) % images.length] as SeedImage),
    }));
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
