// Image files for the upload tests, generated so every edge case is explicit in code.
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A small photo-like JPEG (gradient plus noise), optionally with EXIF such as GPS or orientation. */
export async function jpeg(
  width = 320,
  height = 240,
  exif?: Record<string, Record<string, string>>,
): Promise<Buffer> {
  const image = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#4f7a2e',
      noise: { type: 'gaussian', mean: 120, sigma: 30 },
    },
  }).jpeg({ quality: 85 });
  return (exif ? image.withExif(exif) : image).toBuffer();
}

export async function png(width = 200, height = 150): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/** Pads a valid JPEG with zero bytes after its end marker up to exactly `size` bytes. */
export async function jpegOfSize(size: number): Promise<Buffer> {
  const base = await jpeg(64, 48);
  return Buffer.concat([base, Buffer.alloc(size - base.length)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real decompression bomb: a valid 20000 x 20000 (400 megapixel) black PNG that is ~50 KB on the
 * wire because its 50 MB of pixel rows are all zeros.
 */
export function pngBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(1, 8); // bit depth 1
  header.writeUInt8(0, 9); // greyscale
  const rowBytes = 1 + Math.ceil(side / 8); // filter byte + packed pixels
  const pixels = deflateSync(Buffer.alloc(rowBytes * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Tag numbers in IFD0 of an EXIF block (0x8825 is the pointer to the GPS data). */
export function exifIfd0Tags(exif: Buffer): number[] {
  const tiff = exif.subarray(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0);
  const little = tiff.subarray(0, 2).toString('latin1') === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}
export const GPS_IFD_TAG = 0x8825;

/** A phone-like JPEG with GPS coordinates (Harare) and a "rotate 90°" orientation: 320x240 stored. */
export async function jpegWithGpsAndOrientation(): Promise<Buffer> {
  const withGps = await jpeg(320, 240, {
    IFD0: { Make: 'Samsung', Model: 'Galaxy A14' },
    IFD3: {
      GPSLatitudeRef: 'S',
      GPSLatitude: '17/1 49/1 4/1',
      GPSLongitudeRef: 'E',
      GPSLongitude: '31/1 3/1 9/1',
    },
  });
  return sharp(withGps).withMetadata({ orientation: 6 }).toBuffer();
}
