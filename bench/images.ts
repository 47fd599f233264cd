// Image budget of DESIGN §7: a ~5 MB phone-sized photo -> thumb <= 60 KB, full <= 350 KB, <= 400 ms
// of processing per image. Run: npx tsx bench/images.ts [runs]
// The photo is generated: a 4000x3000 "dead leaves" scene (overlapping discs with a power-law size
// distribution: the texture model camera labs use because its statistics resemble natural photos,
// ISO 19567-2) plus sensor-like noise, saved as a quality-92 JPEG with camera EXIF and GPS; the noise
// level is searched so the file lands near 5 MB, like a 12 MP phone photo.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { makeVariants, VARIANTS } from '../server/modules/images/pipeline';

const WIDTH = 4000;
const HEIGHT = 3000;
const TARGET_BYTES = 5_000_000;
const raw = { width: WIDTH, height: HEIGHT, channels: 3 } as const;

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

function deadLeavesSvg(discs = 30_000, minRadius = 3, maxRadius = 500) {
  const next = random(42);
  const parts: string[] = [];
  for (let i = 0; i < discs; i++) {
    // Radius density proportional to r^-3 (inverse CDF), as in the dead leaves model.
    const u = next();
    const r = 1 / Math.sqrt(minRadius ** -2 - u * (minRadius ** -2 - maxRadius ** -2));
    const colour = `hsl(${Math.floor(next() * 360)},${20 + Math.floor(next() * 50)}%,${15 + Math.floor(next() * 70)}%)`;
    const cx = Math.round(next() * WIDTH);
    const cy = Math.round(next() * HEIGHT);
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${r.toFixed(1)}" fill="${colour}"/>`);
  }
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="#777"/>${parts.join('')}</svg>`,
  );
}

async function phonePhoto(scene: Buffer, noiseSigma: number): Promise<Buffer> {
  const noise = await sharp({
    create: { ...raw, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: noiseSigma } },
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

/** Searches the noise level that makes the JPEG land near TARGET_BYTES. */
async function makePhoto(): Promise<Buffer> {
  // A slight blur stands in for the lens: real photos have no perfectly sharp edges.
  const scene = await sharp(deadLeavesSvg()).removeAlpha().blur(0.8).raw().toBuffer();
  let low = 0.5;
  let high = 40;
  let best = await phonePhoto(scene, 12);
  for (let i = 0; i < 8 && Math.abs(best.length - TARGET_BYTES) > 100_000; i++) {
    const sigma = (low + high) / 2;
    const photo = await phonePhoto(scene, sigma);
    if (Math.abs(photo.length - TARGET_BYTES) < Math.abs(best.length - TARGET_BYTES)) best = photo;
    if (photo.length > TARGET_BYTES) high = sigma;
    else low = sigma;
  }
  return best;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;

async function main() {
  const runs = Number(process.argv[2] ?? 10);
  const photo = await makePhoto();
  const meta = await sharp(photo).metadata();
  console.log(
    `input: ${meta.width}x${meta.height} JPEG, ${(photo.length / 1e6).toFixed(2)} MB, exif ${meta.exif?.length ?? 0} B`,
  );
  console.log(
    `cpus: ${os.cpus().length} x ${os.cpus()[0]?.model ?? '?'}, libuv pool ${process.env.UV_THREADPOOL_SIZE ?? 4}`,
  );
  console.log(`settings: ${JSON.stringify(VARIANTS)}`);

  await makeVariants(photo); // warm-up: loads codecs
  const times: number[] = [];
  let last = await makeVariants(photo);
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    last = await makeVariants(photo);
    times.push(performance.now() - start);
  }
  const thumbMeta = await sharp(last.thumb).metadata();
  console.log(
    `thumb: ${thumbMeta.width}x${thumbMeta.height} WebP, ${kb(last.thumb.length)} KB (budget 60 KB)`,
  );
  console.log(`full:  ${last.width}x${last.height} WebP, ${kb(last.full.length)} KB (budget 350 KB)`);
  console.log(
    `processing per image over ${runs} runs: median ${percentile(times, 50).toFixed(0)} ms, ` +
      `max ${Math.max(...times).toFixed(0)} ms (budget 400 ms)`,
  );
  const ok = last.thumb.length <= 60 * 1024 && last.full.length <= 350 * 1024 && percentile(times, 50) <= 400;
  console.log(ok ? 'within budget' : 'OVER BUDGET');
  process.exitCode = ok ? 0 : 1;
}

await main();
