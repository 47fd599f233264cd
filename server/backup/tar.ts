// A small POSIX tar (ustar) writer and reader, enough for the backup archive: files and folders,
// names up to 255 bytes (prefix + name), streamed through gzip so neither end holds the archive.
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';

const BLOCK = 512;
const ZEROS = Buffer.alloc(BLOCK * 2);

function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  // ustar: a path longer than 100 bytes is split at a '/' into prefix (155) and name (100).
  for (let i = name.lastIndexOf('/'); i > 0; i = name.lastIndexOf('/', i - 1)) {
    const prefix = name.slice(0, i);
    const base = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`name too long for the archive: ${name}`);
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

export function tarHeader(name: string, size: number, mtime: Date, type: '0' | '5' = '0'): Buffer {
  const header = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(name);
  header.write(base, 0, 100);
  header.write(octal(type === '5' ? 0o755 : 0o644, 8), 100);
  header.write(octal(0, 8), 108);
  header.write(octal(0, 8), 116);
  header.write(octal(size, 12), 124);
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136);
  header.write('        ', 148); // the checksum counts its own field as spaces
  header.write(type, 156); // '0' a regular file, '5' a folder
  header.write('ustar\x0000', 257);
  header.write(prefix, 345, 155);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return header;
}

/** Appends files to a tar stream (`out`: a gzip stream piped to the file). */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  private async write(chunk: Buffer) {
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  /** One file; `body` must yield exactly `size` bytes. */
  async add(name: string, size: number, body: Buffer | AsyncIterable<Buffer>, mtime = new Date()) {
    await this.write(tarHeader(name, size, mtime));
    let written = 0;
    for await (const chunk of Buffer.isBuffer(body) ? [body] : body) {
      written += chunk.length;
      if (written > size) throw new Error(`${name}: more than the ${size} bytes announced`);
      await this.write(chunk);
    }
    if (written !== size) throw new Error(`${name}: ${written} bytes, ${size} announced`);
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad) await this.write(ZEROS.subarray(0, pad));
  }

  /** A folder (PostgreSQL's data folder has empty ones it needs). */
  async folder(name: string, mtime = new Date()) {
    await this.write(tarHeader(name, 0, mtime, '5'));
  }

  /** The two zero blocks that end an archive, then the stream. */
  async end() {
    await this.write(ZEROS);
    this.out.end();
  }
}

/** Reads exact byte counts from a stream of chunks. */
class Bytes {
  private buffered: Buffer[] = [];
  private length = 0;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(n: number): Promise<boolean> {
    while (this.length < n) {
      const next = await this.source.next();
      if (next.done) return false;
      this.buffered.push(next.value);
      this.length += next.value.length;
    }
    return true;
  }

  async exactly(n: number): Promise<Buffer> {
    if (!(await this.fill(n))) throw new Error('the archive ends in the middle of a file');
    const all = Buffer.concat(this.buffered);
    this.buffered = [all.subarray(n)];
    this.length = all.length - n;
    return all.subarray(0, n);
  }

  /** Up to `n` bytes in the pieces they arrive in. */
  async *pieces(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (this.length === 0 && !(await this.fill(1)))
        throw new Error('the archive ends in the middle of a file');
      const head = this.buffered.shift() as Buffer;
      this.length -= head.length;
      const piece = head.subarray(0, left);
      if (head.length > left) {
        this.buffered.unshift(head.subarray(left));
        this.length += head.length - left;
      }
      left -= piece.length;
      yield piece;
    }
  }
}

export interface TarEntry {
  name: string;
  type: 'file' | 'folder';
  size: number;
  /** The file's bytes; read it (or not) before asking for the next entry. */
  body: AsyncGenerator<Buffer>;
}

const field = (header: Buffer, start: number, length: number) =>
  header
    .subarray(start, start + length)
    .toString('utf8')
    .replace(/\0.*$/s, '');

/** The regular files of a tar stream, in order. */
export async function* readTar(source: Readable): AsyncGenerator<TarEntry> {
  const bytes = new Bytes(source[Symbol.asyncIterator]());
  for (;;) {
    const header = await bytes.exactly(BLOCK);
    if (header.every((b) => b === 0)) return;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] as number);
    if (sum !== Number.parseInt(field(header, 148, 8).trim(), 8))
      throw new Error('not a tar archive (bad header checksum)');
    const base = field(header, 0, 100);
    const prefix = field(header, 345, 155);
    const name = prefix ? `${prefix}/${base}` : base;
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = field(header, 156, 1);
    let read = 0;
    const body = (async function* () {
      for await (const piece of bytes.pieces(size)) {
        read += piece.length;
        yield piece;
      }
    })();
    if (type === '0' || type === '') yield { name, type: 'file', size, body };
    else if (type === '5') yield { name: name.replace(/\/$/, ''), type: 'folder', size: 0, body };
    for await (const _ of bytes.pieces(size - read)) {
      // whatever the consumer left unread, and the bodies of entries other than files
    }
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad) await bytes.exactly(pad);
  }
}
