// Reads the multipart upload (spec §7: fields postId and type, file parts `images` or `images[]`)
// with every limit enforced while the bytes arrive: at most 5 files, 5,242,880 bytes each (the
// parser stops reading a file at the limit), and a file that does not start like an image is refused
// after its first few KB. postId and type must come before the files: `resolveTarget` authorizes
// before any image byte is read, so a non-owner or a full post is refused without receiving them
// (a file part first is a 400, not 25 MB received for nothing).
// Each file streams to a temporary file (upload-spool.ts) as it arrives: a request holds a few
// stream buffers in memory, however slowly its bytes come; one that stops sending is closed.
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { LIMITS } from '../../../shared/catalog';
import { AppError, badRequest } from '../../errors';
import { IMAGE_MESSAGES, imageTooBig, notAnImage, tooManyImages, uploadStalled } from './errors';
import { assertImageType, SNIFF_BYTES } from './pipeline';
import type { UploadSpool } from './upload-spool';

const FILE_FIELDS = new Set(['images', 'images[]']);

export const MULTIPART_LIMITS = {
  fileSize: LIMITS.imageBytes,
  files: LIMITS.imagesPerPost,
  fields: 10,
  fieldSize: 1024,
  parts: 20,
  headerPairs: 100,
};

export interface UploadTarget {
  /** Images the post already has; the upload may add at most 5 minus this many. */
  existing: number;
}

/** One received file, complete and sniffed, on disk until the spool is removed. */
export interface SpooledFile {
  path: string;
  size: number;
}

export interface UploadForm<T extends UploadTarget> {
  fields: Record<string, string>;
  files: SpooledFile[];
  target: T;
}

/**
 * Streams one file part to `dest` (at most LIMITS.imageBytes), sniffing its type from the first
 * bytes on the way: only those few KB are ever held at once.
 */
async function spoolImage(part: MultipartFile, dest: string): Promise<SpooledFile> {
  let size = 0;
  let head: Buffer[] | null = [];
  let headBytes = 0;
  await pipeline(
    part.file,
    async function* sniff(source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        size += chunk.length;
        if (head) {
          head.push(chunk);
          headBytes += chunk.length;
          if (headBytes >= SNIFF_BYTES) {
            const bytes = Buffer.concat(head);
            head = null;
            await assertImageType(bytes);
          }
        }
        yield chunk;
      }
    },
    createWriteStream(dest, { flags: 'wx' }),
  );
  if (part.file.truncated) throw imageTooBig();
  if (size === 0) throw notAnImage();
  if (head) await assertImageType(Buffer.concat(head));
  return { path: dest, size };
}

// busboy's own errors carry no code: a body that is not the multipart its Content-Type claims
// (no boundary, garbage, cut short).
const MALFORMED_BODY = /unexpected end of multipart data|boundary not found|boundary required/i;
// The client went away mid-upload (closed the tab, lost signal): nothing for the server to fix.
const CLIENT_GONE_CODES = new Set(['FST_MP_PREMATURE_CLOSE', 'ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE']);

// The parser's own errors, in the upload's words.
function translate(error: unknown): unknown {
  const { code, message } = error as { code?: string; message?: string };
  if (code === undefined && MALFORMED_BODY.test(message ?? '')) return badRequest(IMAGE_MESSAGES.badForm);
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return imageTooBig();
    case 'FST_FILES_LIMIT':
      return tooManyImages();
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest(IMAGE_MESSAGES.badForm);
    default:
      return error;
  }
}

/**
 * Closes the connection of an upload whose client sends nothing for `idleMs` (a stalled phone, or
 * someone holding upload slots on purpose). Time spent on the server's side (authorizing) is not idle.
 */
function watchIdle(request: FastifyRequest, idleMs: number) {
  let last = Date.now();
  let paused = false;
  const state = { fired: false };
  const touch = () => {
    last = Date.now();
  };
  // The body is already piped into the multipart parser; one more 'data' listener only watches.
  request.raw.on('data', touch);
  const timer = setInterval(
    () => {
      if (paused || Date.now() - last < idleMs) return;
      state.fired = true;
      clearInterval(timer);
      request.raw.destroy();
    },
    Math.min(1000, idleMs / 4),
  );
  return {
    state,
    async whileServerWorks<R>(work: () => Promise<R>): Promise<R> {
      paused = true;
      try {
        return await work();
      } finally {
        paused = false;
        touch();
      }
    },
    stop() {
      clearInterval(timer);
      request.raw.off('data', touch);
    },
  };
}

/** Reads the form; its files go to `spool`, which the caller removes whatever happens. */
export async function readUpload<T extends UploadTarget>(
  request: FastifyRequest,
  spool: UploadSpool,
  resolveTarget: (fields: Record<string, string>) => Promise<T>,
  { idleMs }: { idleMs: number },
): Promise<UploadForm<T>> {
  const fields: Record<string, string> = {};
  const files: SpooledFile[] = [];
  let target: T | undefined;
  const idle = watchIdle(request, idleMs);
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS }) as AsyncIterable<Multipart>) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !(part.fieldname in fields))
          fields[part.fieldname] = part.value;
        continue;
      }
      if (!FILE_FIELDS.has(part.fieldname)) throw badRequest(IMAGE_MESSAGES.unexpectedFile);
      if (!target) {
        if (!('postId' in fields && 'type' in fields)) throw badRequest(IMAGE_MESSAGES.fieldsFirst);
        target = await idle.whileServerWorks(() => resolveTarget(fields));
      }
      if (target.existing + files.length + 1 > LIMITS.imagesPerPost) throw tooManyImages();
      files.push(await spoolImage(part, await spool.nextPath()));
    }
  } catch (error) {
    if (idle.state.fired) {
      request.log.info({ idleMs }, 'upload stalled: connection closed');
      throw uploadStalled();
    }
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (request.raw.aborted || CLIENT_GONE_CODES.has(code)) {
      request.log.info({ err: error }, 'upload ended early by the client');
      throw badRequest(IMAGE_MESSAGES.incomplete);
    }
    throw translate(error);
  } finally {
    idle.stop();
  }
  target ??= await resolveTarget(fields);
  if (files.length === 0) throw badRequest(IMAGE_MESSAGES.noFiles);
  if (target.existing + files.length > LIMITS.imagesPerPost) throw tooManyImages();
  return { fields, files, target };
}
