// A small set of generated listing pictures (simple coloured scenes), made once per seed run with sharp
// and stored through the app's storage layer. Many seeded posts share these files.
import sharp from 'sharp';
import type { Storage } from '../../server/infra/storage';
import { IMAGE_VARIANT_WIDTHS } from '../../shared/image-variants';

export interface SeedImage {
  thumbKey: string;
  mediumKey: string;
  fullKey: string;
  width: number;
  height: number;
  bytes: number;
}

// 4:3 pictures at each variant's width (shared/image-variants.ts).
const size = (width: number) => ({ width, height: (width * 3) / 4 });
const FULL = size(IMAGE_VARIANT_WIDTHS.full);
const MEDIUM = size(IMAGE_VARIANT_WIDTHS.medium);
const THUMB = size(IMAGE_VARIANT_WIDTHS.thumb);
// biome-ignore format: colour pairs
const PALETTE = [
  ['#047857', '#a7f3d0'], ['#1d4ed8', '#bfdbfe'], ['#b45309', '#fde68a'], ['#be123c', '#fecdd3'],
  ['#6d28d9', '#ddd6fe'], ['#0f766e', '#99f6e4'], ['#c2410c', '#fed7aa'], ['#374151', '#e5e7eb'],
];

function scene(index: number): string {
  const [dark, light] = PALETTE[index % PALETTE.length] as [string, string];
  const shape = Math.floor(index / PALETTE.length) % 3;
  const { width: w, height: h } = FULL;
  const item =
    shape === 0
      ? `<circle cx="${w / 2}" cy="${h / 2}" r="${h / 4}" fill="${dark}"/>`
      : shape === 1
        ? `<rect x="${w / 2 - h / 4}" y="${h / 4}" width="${h / 2}" height="${h / 2}" rx="40" fill="${dark}"/>`
        : `<polygon points="${w / 2},${h / 5} ${w / 2 + h / 3},${(h * 4) / 5} ${w / 2 - h / 3},${(h * 4) / 5}" fill="${dark}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="#ffffff"/>
    </linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#g)"/>
    <ellipse cx="${w / 2}" cy="${h * 0.82}" rx="${h / 3}" ry="${h / 24}" fill="${dark}" opacity="0.18"/>
    ${item}
  </svg>`;
}

/** Renders `count` pictures in thumb, medium and full WebP variants and stores them under seed/. */
export async function createSeedImages(storage: Storage, count: number): Promise<SeedImage[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const name = `seed/sample-${String(index + 1).padStart(2, '0')}`;
      const svg = sharp(Buffer.from(scene(index)));
      const [full, medium, thumb] = (await Promise.all(
        [FULL, MEDIUM, THUMB].map((box) =>
          svg.clone().resize(box.width, box.height).webp({ quality: 70 }).toBuffer(),
        ),
      )) as [Buffer, Buffer, Buffer];
      const image = {
        thumbKey: `${name}-thumb.webp`,
        mediumKey: `${name}-medium.webp`,
        fullKey: `${name}-full.webp`,
        ...FULL,
        bytes: full.length + medium.length + thumb.length,
      };
      await storage.put(image.fullKey, full, 'image/webp');
      await storage.put(image.mediumKey, medium, 'image/webp');
      await storage.put(image.thumbKey, thumb, 'image/webp');
      return image;
    }),
  );
}
