// Multipart bodies for the upload: forms a browser would send, then the same forms damaged (cut
// short, boundary wrong or missing, line endings changed, parts without headers) and forms no
// browser sends (files before fields, too many parts, odd names and filenames).
import fc from 'fast-check';
import { type Body, OWN_POST, OWN_TYPE, type Targets } from './bodies';
import { anyString, type Limits, pick } from './values';

type Part = { name: string; value: string } | { name: string; filename: string; data: Buffer; type: string };

function encode(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'data' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n`
        : `Content-Disposition: form-data; name="${part.name}"\r\n`;
    chunks.push(
      Buffer.from(`--${boundary}\r\n${head}\r\n`),
      'data' in part ? part.data : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const DAMAGE = [
  'none',
  'none',
  'none',
  'none',
  'none',
  'none',
  'cut',
  'no-closing',
  'wrong-boundary',
  'no-boundary',
  'quoted-boundary',
  'lf-only',
  'garbage-head',
  'no-disposition',
  'huge-header',
] as const;

export function multipartFor(limits: Limits, targets: Targets): fc.Arbitrary<Body> {
  const text = anyString(limits);
  const field = fc.oneof(
    fc.record({
      name: fc.constantFrom('postId', 'type'),
      value: fc.oneof(pick(targets.postIds).map(String), fc.constantFrom('product', 'service'), text),
    }),
    fc.record({
      name: fc.oneof(fc.constantFrom('x', '', 'images', '__proto__', 'postId'), text),
      value: text,
    }),
  );
  const data = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...targets.images) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a)) },
    { weight: 1, arbitrary: fc.constant(Buffer.alloc(0)) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...targets.images)
        .chain((img) => fc.integer({ min: 1, max: img.length }).map((n) => img.subarray(0, n))),
    },
  );
  const file = fc.record({
    name: fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom('images', 'images[]') },
      { weight: 1, arbitrary: fc.constantFrom('file', 'image', '') },
    ),
    filename: fc.oneof(
      fc.constantFrom('photo.jpg', 'a.png', '', '../../x.jpg', 'a\u0000.jpg', 'x.exe'),
      text.map((t) => t.replace(/["\r\n]/g, '')),
    ),
    data,
    type: fc.constantFrom('image/jpeg', 'image/png', 'application/octet-stream', 'text/plain', ''),
  });
  const usual = fc
    .tuple(
      fc.oneof({ weight: 3, arbitrary: fc.constant(OWN_POST) }, pick(targets.postIds).map(String)),
      fc.oneof({ weight: 3, arbitrary: fc.constant(OWN_TYPE) }, fc.constantFrom('product', 'service')),
      fc.oneof(
        { weight: 4, arbitrary: fc.array(file, { minLength: 1, maxLength: 2 }) },
        fc.array(file, { maxLength: 6 }),
      ),
    )
    .map(([postId, type, files]): Part[] => [
      { name: 'postId', value: postId },
      { name: 'type', value: type },
      ...files,
    ]);
  const odd = fc.array(fc.oneof(field, file), { maxLength: 25 });
  return fc
    .tuple(
      fc.oneof({ weight: 3, arbitrary: usual }, { weight: 2, arbitrary: odd }),
      fc.constantFrom(...DAMAGE),
      fc.double({ min: 0, max: 1, noNaN: true }),
    )
    .map(([parts, damage, at]) => {
      const boundary = '----fuzz7MA4YWxkTrZu0gW';
      let contentType = `multipart/form-data; boundary=${boundary}`;
      let payload = encode(parts, boundary);
      switch (damage) {
        case 'cut':
          payload = payload.subarray(0, Math.floor(payload.length * at));
          break;
        case 'no-closing':
          payload = payload.subarray(0, payload.length - boundary.length - 8);
          break;
        case 'wrong-boundary':
          contentType = 'multipart/form-data; boundary=other';
          break;
        case 'no-boundary':
          contentType = 'multipart/form-data';
          break;
        case 'quoted-boundary':
          contentType = `multipart/form-data; boundary="${boundary}"`;
          break;
        case 'lf-only':
          payload = Buffer.from(payload.toString('latin1').replaceAll('\r\n', '\n'), 'latin1');
          break;
        case 'garbage-head':
          payload = Buffer.concat([Buffer.from('garbage\r\n\u0000\r\n'), payload]);
          break;
        case 'no-disposition':
          payload = Buffer.from(
            payload.toString('latin1').replace(/Content-Disposition: [^\r]*\r\n/, 'X-Nothing: 1\r\n'),
            'latin1',
          );
          break;
        case 'huge-header':
          payload = Buffer.from(
            payload
              .toString('latin1')
              .replace('Content-Disposition', `X-Big: ${'h'.repeat(100_000)}\r\nContent-Disposition`),
            'latin1',
          );
          break;
      }
      return { kind: `multipart-${damage}`, contentType, payload };
    });
}
