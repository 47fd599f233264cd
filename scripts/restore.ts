// `npm run restore -- FILE [--force]`: fills an empty DATA_DIR or database and image store from a
// backup made by `npm run backup` (server/backup, decision 043), with the server stopped.
import { parseArgs } from 'node:util';
import { RestoreRefused, restore } from '../server/backup/restore';
import { loadConfig } from '../server/config';

async function main() {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const [file] = positionals;
  if (!file || positionals.length > 1) throw new Error('usage: npm run restore -- FILE [--force]');
  const result = await restore(loadConfig(), file, { force: values.force });
  const c = result.counts;
  console.log(
    `restored ${file} (made ${result.manifest.createdAt}) in ${(result.ms / 1000).toFixed(1)} s: ${c.users} users, ${c.posts} posts, ${c.comments} comments, ${c.likes} likes, ${c.messages} messages, ${result.images} image files; sessions dropped (everyone signs in again)`,
  );
}

main().catch((error: unknown) => {
  console.error(
    error instanceof RestoreRefused
      ? error.message
      : `restore failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(error instanceof RestoreRefused ? 2 : 1);
});
