// Generated phone photos for the image bench (bench/images.ts) and the detail-image journey
// (e2e/detail-images.spec.ts): a 12 MP "dead leaves" scene (overlapping discs with a power-law size
// distribution: the texture model camera labs use because its statistics resemble natural photos,
// ISO 19567-2) plus sensor-like noise, saved as a quality-92 JPEG with camera EXIF and GPS; the noise
// level is searched so the file lands near 5 MB, like a 12 MP phone photo. A seed makes each photo
// the same on every run.
import sharp from 'sharp';

const TARGET_BYTES = 5_000_000;

/** A small seeded PRNG (mulberry32), so every run measures the same photo. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function deadLeavesSvg(seed: number, width: number, height: number, discs = 30_000) {
  const next = random(seed);
  const minRadius = 3;
  const maxRadius = 500;
  const parts: string[] = [];
  for (let i = 0; i < discs; i++) {
    // Radius density proportional to r^-3 (inverse CDF), as in the dead leaves model.
    const u = next();
    const r = 1 / Math.sqrt(minRadius ** -2 - u * (minRadius ** -2 - maxRadius ** -2));
    const colour = `hsl(${Math.floor(next() * 360)},${20 + Math.floor(next() * 50)}%,${15 + Math.floor(next() * 70)}%)`;
    const cx = Math.round(next() * width);
    const cy = Math.round(next() * height);
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${r.toFixed(1)}" fill="${colour}"/>`);
  }
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#777"/>${parts.join('')}</svg>`,
  );
}

async function withNoise(scene: Buffer, width: number, height: number, sigma: number): Promise<Buffer> {
  const raw = { width, height, channels: 3 } as const;
  const noise = await sharp({
    create: { ...raw, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } },
  })
    .raw()
    .toBuffer();
  return sharp(scene, { raw })
    .composite([{ input: noise, raw, blend: 'overlay' }])
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Make: 'Samsung', Model: 'Galaxy A14', Software: 'bench' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '17/1 49/1 4/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '31/1 3/1 9/1',
      },
    })
    .toBuffer();
}

/** A ~5 MB 12 MP phone photo, landscape (4000x3000) or portrait (3000x4000). */
export async function phonePhoto({ seed = 42, portrait = false } = {}): Promise<Buffer> {
  const [width, height] = portrait ? [3000, 4000] : [4000, 3000];
  // A slight blur stands in for the lens: real photos have no perfectly sharp edges.
  const scene = await sharp(deadLeavesSvg(seed, width, height))
    .removeAlpha()
    .blur(0.8)
    .raw()
    .toBuffer();
  let low = 0.5;
  let high = 40;
  let best = await withNoise(scene, width, height, 12);
  for (let i = 0; i < 8 && Math.abs(best.length - TARGET_BYTES) > 100_000; i++) {
    const sigma = (low + high) / 2;
    const photo = await withNoise(scene, width, height, sigma);
    if (Math.abs(photo.length - TARGET_BYTES) < Math.abs(best.length - TARGET_BYTES)) best = photo;
    if (photo.length > TARGET_BYTES) high = sigma;
    else low = sigma;
  }
  return best;
}

/**
 * The photo as the web uploads it (web/features/listings/downscale.ts): at most 1600 px wide, a
 * quality-90 JPEG without metadata.
 */
export function downscaledForUpload(photo: Buffer): Promise<Buffer> {
  return sharp(photo).resize({ width: 1600, withoutEnlargement: true }).jpeg({ quality: 90 }).toBuffer();
}
