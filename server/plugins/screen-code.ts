// Which code files each screen needs beyond the entry, from the build's manifest (dist/web/.vite/
// manifest.json): the screen's chunk (web/routes/<screen>.tsx) and the chunks it imports, at any depth,
// that the entry does not already load. The shell names them in <link rel=modulepreload>, so the
// browser fetches them with the entry instead of after it has run: one round trip less before a
// screen draws on a slow network (decision 035).
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** Screen name -> its files as URL paths ('/assets/home-ab12.js'); empty without a readable manifest. */
export function loadScreenCode(webDist: string): Map<string, string[]> {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return new Map();
  }
  const withImports = (key: string, found = new Set<string>()) => {
    if (found.has(key) || !manifest[key]) return found;
    found.add(key);
    for (const imported of manifest[key].imports ?? []) withImports(imported, found);
    return found;
  };
  const entry = withImports('index.html');
  const code = new Map<string, string[]>();
  for (const key of Object.keys(manifest)) {
    const screen = /^routes\/([\w-]+)\.tsx$/.exec(key)?.[1];
    if (!screen) continue;
    const files = [...withImports(key)].filter((chunk) => !entry.has(chunk));
    code.set(
      screen,
      files.map((chunk) => `/${manifest[chunk]?.file}`),
    );
  }
  return code;
}
