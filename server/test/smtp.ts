// A real SMTP server for the mail tests (smtp-server, from nodemailer's authors) on 127.0.0.1: it asks
// for a user and password, offers no STARTTLS (so the app speaks plain text to it, as it must to such a
// server), refuses recipients at nowhere.invalid for good (550), parses every mail it takes
// (mailparser) and keeps it for the test. It can be stopped (connections refused) and started again on
// the same port, and made slow.
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export const SMTP_USER = 'mailer';
export const SMTP_PASSWORD = 'mail-secret-1';

export interface TestMailbox {
  /** SMTP_URL for the app. */
  url: string;
  received: ParsedMail[];
  /** Each mail's DATA is answered this long after it arrived (a slow server). */
  delayMs: number;
  /** The first mail received (or arriving within `timeoutMs`) that matches. */
  waitFor(match: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  /** Mails to this address so far. */
  to(address: string): ParsedMail[];
  stop(): Promise<void>;
  start(): Promise<void>;
}

const recipients = (mail: ParsedMail) =>
  [mail.to].flat().flatMap((to) => to?.value.map((entry) => entry.address?.toLowerCase() ?? '') ?? []);

export async function startMailbox(port = 0): Promise<TestMailbox> {
  let server: SMTPServer | undefined;
  let boundPort = port;
  const box: TestMailbox = {
    url: '',
    received: [],
    delayMs: 0,
    async waitFor(match, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = box.received.find(match);
        if (found) return found;
        if (Date.now() > until)
          throw new Error(`no such mail within ${timeoutMs} ms (${box.received.length} received)`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    to: (address) => box.received.filter((mail) => recipients(mail).includes(address.toLowerCase())),
    async start() {
      server = new SMTPServer({
        hideSTARTTLS: true,
        allowInsecureAuth: true,
        authMethods: ['PLAIN', 'LOGIN'],
        logger: false,
        onAuth(auth, _session, callback) {
          if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD)
            callback(null, { user: auth.username });
          else callback(new Error('Invalid username or password'));
        },
        onRcptTo(address, _session, callback) {
          if (address.address.endsWith('@nowhere.invalid')) {
            const refused = Object.assign(new Error('No such user here'), { responseCode: 550 });
            return callback(refused);
          }
          callback();
        },
        onData(stream, _session, callback) {
          simpleParser(stream)
            .then(async (mail) => {
              if (box.delayMs) await new Promise((r) => setTimeout(r, box.delayMs));
              box.received.push(mail);
              callback();
            })
            .catch(callback);
        },
      });
      await new Promise<void>((resolve, reject) => {
        server?.once('error', reject);
        server?.listen(boundPort, '127.0.0.1', () => resolve());
      });
      boundPort = (server as unknown as { server: { address(): AddressInfo } }).server.address().port;
      box.url = `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${boundPort}`;
    },
    async stop() {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = undefined;
    },
  };
  await box.start();
  return box;
}

/** The one link a mail's text part holds (the app's mails have at most one). */
export function linkIn(mail: ParsedMail): string {
  const link = mail.text?.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in mail '${mail.subject}'`);
  return link;
}

/** The token of a mailed link (…?token=…). */
export const tokenIn = (mail: ParsedMail) => new URL(linkIn(mail)).searchParams.get('token') ?? '';
