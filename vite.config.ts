import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // Small files, cached forever under /assets (hashed names).
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    // .vite/manifest.json: which chunks each screen loads (bench/web-bundle.ts); not served.
    manifest: true,
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
});
