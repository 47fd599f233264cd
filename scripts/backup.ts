// `npm run backup -- --out FILE`: the database, the images and a manifest in one .tar.gz, while the
// server serves (server/backup, decision 043). Reads the server's own configuration (DATA_DIR,
// DATABASE_URL, STORAGE/S3_*), so run it with the same environment file.
import { parseArgs } from 'node:util';
import { backup } from '../server/backup/backup';
import { loadConfig } from '../server/config';

const SOURCE = {
  server: 'PGlite, snapshot from the server while it serves',
  folder: 'PGlite, snapshot from the folder (no server running)',
  postgres: 'PostgreSQL, pg_dump of one snapshot',
};

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (!values.out) throw new Error('usage: npm run backup -- --out FILE');
  const result = await backup(loadConfig(), values.out);
  const { manifest } = result;
  const c = manifest.counts;
  console.log(
    `backup written to ${values.out}: ${(result.bytes / 1e6).toFixed(1)} MB in ${(result.ms / 1000).toFixed(1)} s (${SOURCE[result.from]}; migration ${manifest.schema.migration})`,
  );
  console.log(
    `  ${c.users} users, ${c.posts} posts, ${c.comments} comments, ${c.likes} likes, ${c.messages} messages; ${manifest.images.objects} image files (${(manifest.images.bytes / 1e6).toFixed(1)} MB, ${manifest.images.storage})`,
  );
  if (manifest.images.missing.length)
    console.log(
      `  warning: ${manifest.images.missing.length} image keys the database names were not in the store`,
    );
}

main().catch((error: unknown) => {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
