import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { bootScript } from './scripts/boot-script.js';
import { compressAssets, describe } from './scripts/compress-assets.js';
import { firstFrame } from './scripts/first-frame.js';
import { serviceWorker } from './scripts/service-worker-build.js';

// The production build runs on Preact's React compatibility layer (decision 005): the same React 19
// API for our code, React Router and TanStack Query, at a tenth of react-dom's size. The dev server
// keeps React for Fast Refresh.
export const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  // createRoot that keeps the page's first frame it draws over (decision 036).
  { find: /^react-dom\/client$/, replacement: path.resolve('web/lib/preact-root.ts') },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

/** Whether a module is in one of these folders (paths from the project root). */
const inFolders = (...dirs: string[]) => {
  const roots = dirs.map((dir) => path.resolve(dir) + path.sep);
  return (id: string) => roots.some((root) => id.startsWith(root));
};

const inCommonFolders = inFolders(
  'web/components',
  'web/lib',
  'shared',
  'node_modules/@tanstack',
  'node_modules/lucide-react',
);
const isCommonModule = (id: string) =>
  inCommonFolders(id) && !id.startsWith(path.resolve('shared/validation')); // a file (zod), not a folder

// What the feeds and the post screens share (the grid and its cards, likes, saves, the post's detail
// and its comments): one chunk with the screen, not ten 1 kB requests after it (decision 035). Only
// these modules, not what they import: with their imports it would take in React Router and the
// entry's code, and every page would load it.
const inFeedFolders = inFolders(
  'web/features/feed',
  'web/features/likes',
  'web/features/favourites',
  'web/features/views',
  'web/features/post-detail',
  'web/features/comments',
  'web/features/reports',
);
const isFeedModule = (id: string) => inFeedFolders(id) || id === path.resolve('web/app/post-card-footer.tsx');

// A feature's index.ts only re-exports what screens use. Marked free of side effects, a screen that
// imports one piece through it gets that piece alone, not every module the index names (the account
// screen's list would otherwise pull in the create form and zod).
const isFeatureIndex = (id: string) => /[\\/]web[\\/]features[\\/][\w-]+[\\/]index\.ts$/.test(id);

/** Every build (npm run build, npm start, the e2e server) leaves .br/.gz copies for the server to send. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      this.info(describe(await compressAssets(outDir)));
    },
  };
}

export default defineConfig(({ command }) => ({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), bootScript(), firstFrame(), precompress(), serviceWorker()],
  resolve: { alias: command === 'build' ? preactAliases : [] },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // Small files, cached forever under /assets (hashed names).
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    // .vite/manifest.json: which chunks each screen loads (bench/web-bundle.ts); not served.
    manifest: true,
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => !isFeatureIndex(id) },
      output: {
        codeSplitting: {
          groups: [
            // What most screens share (UI kit, fetch wrapper, shared texts and formats, TanStack Query,
            // the icons, and Preact under them) in one chunk loaded with the entry, not a dozen 1 kB requests per
            // screen: on a slow phone network each request costs a round trip. zod stays out (decision 006).
            { name: 'common', minShareCount: 3, test: isCommonModule },
            { name: 'feed', minShareCount: 2, test: isFeedModule, includeDependenciesRecursively: false },
          ],
        },
      },
      onwarn(warning, warn) {
        // React Router feature-detects React 19's useOptimistic (Preact has none) and falls back.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
        warn(warning);
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
}));
