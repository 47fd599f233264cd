// How a mail leaves (decision 039): through the SMTP server of SMTP_URL (nodemailer; STARTTLS when the
// server offers it, plain text when it does not, TLS from the start with smtps://), or, with no mail
// server configured, as an .eml file in DATA_DIR/outbox and one log line with its subject and link,
// so `npm start` works without one. Every SMTP step has a timeout, so a stalled server fails a send
// instead of holding the delivery job.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Config } from '../../config';
import type { OutboxRow } from './outbox';

export interface MailTransport {
  kind: 'smtp' | 'files';
  /** Resolves once the server took the mail (or the file is written); rejects with a SendError. */
  send(mail: OutboxRow): Promise<void>;
  close(): void;
}

/** A send that failed; `permanent` when the server refused the recipient for good (a 5xx to RCPT). */
export class SendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
  dnsTimeout: 10_000,
};
/** The longest one send may take: the delivery job's lease on a claimed mail is longer. */
export const LONGEST_SEND_MS = 60_000;

const message = (mail: OutboxRow) => ({
  to: mail.toAddress,
  subject: mail.subject,
  text: mail.textBody ?? '',
  html: mail.htmlBody ?? '',
  headers: mail.headers ?? {},
});

function smtpTransport(url: string, from: string): MailTransport {
  const mailer = createTransport({ url, ...SMTP_TIMEOUTS }, { from });
  return {
    kind: 'smtp',
    async send(mail) {
      try {
        await mailer.sendMail(message(mail));
      } catch (error) {
        const { code, responseCode } = error as { code?: string; responseCode?: number };
        const refused = code === 'EENVELOPE' && typeof responseCode === 'number' && responseCode >= 500;
        // The server's words only: never the URL (it holds the password).
        throw new SendError(
          `${code ?? 'error'}${responseCode ? ` ${responseCode}` : ''}: ${(error as Error).message}`,
          refused,
        );
      }
    },
    close: () => mailer.close(),
  };
}

function fileTransport(dir: string, from: string, log: FastifyBaseLogger): MailTransport {
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from });
  return {
    kind: 'files',
    async send(mail) {
      const { message: raw } = await composer.sendMail(message(mail));
      await mkdir(dir, { recursive: true });
      // One file per outbox row, written whole: a second attempt replaces it, never adds a copy.
      const file = path.join(dir, `${String(mail.id).padStart(6, '0')}-${mail.kind}.eml`);
      await writeFile(`${file}.tmp`, raw as Buffer);
      await rename(`${file}.tmp`, file);
      log.info(
        { subject: mail.subject, link: mail.link ?? undefined, file },
        'mail written to the outbox folder',
      );
    },
    close: () => composer.close(),
  };
}

export function createMailTransport(config: Config['mail'], log: FastifyBaseLogger): MailTransport {
  return config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.from)
    : fileTransport(config.outboxDir, config.from, log);
}
