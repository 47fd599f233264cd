// The browser tests drive Debian's Chromium (playwright.config.ts), which `npm ci` does not install.
// `npm test` runs this first, so a machine without it stops at once with the fix in one line rather
// than after the typecheck, lint, unit tests and build, with a long Playwright stack.
import { accessSync, constants } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** The Chromium the browser tests launch: CHROMIUM_PATH, or Debian's package. */
export const chromiumPath = (env: NodeJS.ProcessEnv = process.env) =>
  env.CHROMIUM_PATH || '/usr/bin/chromium';

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const browser = chromiumPath();
  if (!isExecutable(browser)) {
    const fix = process.env.CHROMIUM_PATH
      ? 'point CHROMIUM_PATH at a Chromium executable'
      : 'install it with `apt-get install chromium` (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium executable';
    console.error(`Chromium not found at ${browser} (needed by the browser tests): ${fix}.`);
    process.exit(1);
  }
}
