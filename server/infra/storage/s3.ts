// Storage in an S3-compatible bucket (AWS S3, Cloudflare R2, Backblaze B2, MinIO), so several app
// instances share one set of images (decision 024). Every call is bounded by the configured timeout,
// and every failure becomes a StorageUnavailableError (a 503), never an unhandled rejection.
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../../config';
import {
  contentTypeOf,
  isValidKey,
  PUBLISHED_MEDIA_CACHE,
  type Storage,
  StorageUnavailableError,
  type StoredObject,
} from './storage';

type Sdk = typeof import('@aws-sdk/client-s3');

export class S3Storage implements Storage {
  private readonly bucket: string;
  private readonly timeoutMs: number;
  private loaded?: Promise<{ sdk: Sdk; client: S3Client }>;

  constructor(
    private readonly config: Omit<S3StorageConfig, 'kind'>,
    /** Keys per list call (S3's own maximum by default; the tests use a small one to cross pages). */
    private readonly listPageSize = 1000,
  ) {
    this.bucket = config.bucket;
    this.timeoutMs = config.timeoutMs;
  }

  /** The SDK is loaded on first use (~140 ms and ~25 MB): a server on local disk never pays for it. */
  private sdk() {
    this.loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: this.makeClient(sdk) }));
    return this.loaded;
  }

  private makeClient({ S3Client }: Sdk) {
    const { config } = this;
    return new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // connectionTimeout: no TCP connection in time; requestTimeout: the socket idle this long (an
      // answer or a body that stops arriving). The whole call, retries included, is bounded in `call`.
      requestHandler: { connectionTimeout: config.timeoutMs, requestTimeout: config.timeoutMs },
      maxAttempts: 2,
      // Checksums only where S3 requires them: several S3-compatible services refuse the newer
      // default trailers, and the bytes are ours (made by the image pipeline a moment before).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Runs one S3 call within the timeout, turning any failure into StorageUnavailableError. */
  private async call<T>(
    what: string,
    run: (s3: { sdk: Sdk; client: S3Client }, abortSignal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      return await run(await this.sdk(), controller.signal);
    } catch (error) {
      const reason = controller.signal.aborted ? `no answer within ${this.timeoutMs} ms` : describe(error);
      throw new StorageUnavailableError(`${what}: ${reason}`);
    } finally {
      clearTimeout(timer);
    }
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    await this.call(`put ${key}`, ({ sdk, client }, abortSignal) =>
      client.send(
        new sdk.PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: data,
          ContentLength: data.length,
          ContentType: contentType,
          // For browsers that load it from MEDIA_PUBLIC_URL; /media sends its own header.
          CacheControl: PUBLISHED_MEDIA_CACHE,
        }),
        { abortSignal },
      ),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isValidKey(key)) return null;
    // The timeout covers the answer's headers; a body that then stops arriving is ended by the
    // socket's idle timeout (requestTimeout), which errors the stream the reply is sending.
    const answer = await this.call(`get ${key}`, async ({ sdk, client }, abortSignal) => {
      try {
        return await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }), {
          abortSignal,
        });
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey') return null;
        throw error;
      }
    });
    if (!answer?.Body) return null;
    return {
      stream: answer.Body as Readable,
      size: answer.ContentLength ?? 0,
      contentType: answer.ContentType ?? contentTypeOf(key),
    };
  }

  /** S3 answers a delete of a missing key with success, as the interface asks. */
  async delete(key: string): Promise<void> {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    await this.call(`delete ${key}`, ({ sdk, client }, abortSignal) =>
      client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }), { abortSignal }),
    );
  }

  async *list(prefix: string): AsyncIterable<{ key: string; modifiedAt: Date }> {
    if (prefix !== '' && !isValidKey(prefix.replace(/\/$/, ''))) throw new Error(`invalid prefix: ${prefix}`);
    let token: string | undefined;
    do {
      const page = await this.call(`list ${prefix}`, ({ sdk, client }, abortSignal) =>
        client.send(
          new sdk.ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: prefix,
            ContinuationToken: token,
            MaxKeys: this.listPageSize,
          }),
          { abortSignal },
        ),
      );
      for (const object of page.Contents ?? []) {
        // Objects someone else put in the bucket under names the app never makes are not its keys.
        if (object.Key && isValidKey(object.Key))
          yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Closes the client's pooled connections (the app's onClose). */
  close() {
    void this.loaded?.then(({ client }) => client.destroy()).catch(() => {});
  }
}

/** One line for the log: the service's error code and status, or the network error; never a secret. */
function describe(error: unknown): string {
  const e = error as {
    name?: string;
    code?: string;
    message?: string;
    $metadata?: { httpStatusCode?: number };
  };
  const status = e.$metadata?.httpStatusCode;
  const name = e.code ?? e.name ?? 'Error';
  return `${name}${status ? ` (HTTP ${status})` : ''}: ${e.message ?? String(error)}`;
}
