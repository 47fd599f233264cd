// For the component tests only: `import { X } from 'lucide-react'` becomes an import of X's own module.
// Vitest runs each test file's modules without tree-shaking, so the package's front door would make
// every worker transform and run all ~1,700 icons; the production build tree-shakes them anyway.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const barrel = createRequire(import.meta.url)
  .resolve('lucide-react')
  .replace(/cjs\/lucide-react\.js$/, 'esm/lucide-react.mjs');

/** Each export name of the barrel -> the icon module that defines it. */
function iconFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const line = /^export \{ (.+) \} from '(\.\/icons\/[^']+)';$/gm;
  for (const [, names = '', file = ''] of readFileSync(barrel, 'utf8').matchAll(line)) {
    for (const name of names.split(', ')) {
      const alias = /^default as (\w+)$/.exec(name)?.[1];
      if (alias) files.set(alias, path.join(path.dirname(barrel), file));
    }
  }
  return files;
}

export function lucideOneByOne(): Plugin {
  const files = iconFiles();
  return {
    name: 'lucide-one-by-one',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('node_modules') || !code.includes("from 'lucide-react'")) return;
      return code.replace(/import \{([^}]+)\} from 'lucide-react';/g, (whole, list: string) => {
        const names = list
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean);
        if (!names.every((name) => files.has(name))) return whole;
        return names.map((name) => `import ${name} from '${files.get(name)}';`).join('\n');
      });
    },
  };
}
