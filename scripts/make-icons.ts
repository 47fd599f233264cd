// Draws the installed app's icons (web/public/icons/*.png, committed) from the favicon's drawing:
// a full-bleed green square with the bag inside the middle 60%, so one file serves as both an 'any'
// and a 'maskable' icon (a launcher may crop to a circle: the safe zone is the middle 80%).
// Run again after changing the drawing: `npx tsx scripts/make-icons.ts`.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const BAG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#047857"/><g transform="translate(16 16) scale(0.75) translate(-16 -16.5)"><path d="M9 11h14l-2 11H11z" fill="none" stroke="#fff" stroke-width="2.5" stroke-linejoin="round"/><path d="M13 11a3 3 0 0 1 6 0" fill="none" stroke="#fff" stroke-width="2.5"/></g></svg>`;

const dir = path.resolve('web/public/icons');
await mkdir(dir, { recursive: true });
for (const size of [192, 512]) {
  const file = path.join(dir, `icon-${size}.png`);
  await sharp(Buffer.from(BAG), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(file);
  console.log(file);
}
// The home-screen icon iOS reads (apple-touch-icon): 180 px, no transparency.
await sharp(Buffer.from(BAG), { density: (72 * 180) / 32 })
  .resize(180, 180)
  .png({ compressionLevel: 9, palette: true })
  .toFile(path.join(dir, 'apple-touch-icon.png'));
