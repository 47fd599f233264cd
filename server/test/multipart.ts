// Builds multipart/form-data bodies for app.inject, byte for byte like a browser's FormData upload.
import { randomBytes } from 'node:crypto';
import type { App } from '../app';

export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; data: Buffer; contentType?: string };

export function multipart(parts: FormPart[]) {
  const boundary = `----form${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'data' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`
        : `Content-Disposition: form-data; name="${part.name}"\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n`));
    chunks.push('data' in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /api/files/upload with these form parts, as the user whose session `cookie` is (none: a visitor). */
export function uploadParts(app: App, cookie: string | undefined, parts: FormPart[]) {
  const form = multipart(parts);
  return app.inject({
    method: 'POST',
    url: '/api/files/upload',
    headers: { ...form.headers, ...(cookie ? { cookie } : {}) },
    payload: form.payload,
  });
}
