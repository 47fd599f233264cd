// What each mail says (issue 31): a subject, a plain-text part and an HTML part, both naming the site,
// and at most one link. Nothing in a mail can sign anyone in beyond that link (no session, no
// password, no address other than the recipient's), so a forwarded copy gives away no more.
import { SITE_NAME } from '../../../shared/catalog';
import { MSG } from '../../../shared/messages';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** The mail's one link, if it has one (logged when mail goes to files). */
  link?: string;
  /** Extra headers (List-Unsubscribe). */
  headers?: Record<string, string>;
}

/** One thing a person missed, as a line of the away mail and the page it opens. */
export interface MissedItem {
  text: string;
  url: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A mail of paragraphs and an optional button-link, as text and as simple, inline-styled HTML. */
function compose(parts: {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  after?: string[];
}): MailContent {
  const { subject, greeting, paragraphs, action, after = [] } = parts;
  const signOff = `${SITE_NAME}`;
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...after.flatMap((p) => [p, '']),
    `— ${signOff}`,
    '',
  ].join('\n');
  const p = (body: string) => `<p style="margin:0 0 16px">${body}</p>`;
  const button = action
    ? p(
        `<a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;background:#0f766e;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:600">${escapeHtml(action.label)}</a>`,
      ) + p(`<span style="color:#475569;font-size:13px">Or copy this link: ${escapeHtml(action.url)}</span>`)
    : '';
  const html = [
    '<!doctype html><html><body style="margin:0;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a;line-height:1.5">',
    `<div style="max-width:520px;margin:0 auto"><p style="margin:0 0 24px;font-weight:700;color:#0f766e">${escapeHtml(SITE_NAME)}</p>`,
    p(escapeHtml(greeting)),
    ...paragraphs.map((x) => p(escapeHtml(x))),
    button,
    ...after.map((x) => p(`<span style="color:#475569">${escapeHtml(x)}</span>`)),
    `<p style="margin:24px 0 0;color:#475569">— ${escapeHtml(signOff)}</p></div></body></html>`,
  ].join('');
  return { subject, text, html, ...(action ? { link: action.url } : {}) };
}

const hello = (name: string) => `Hello ${name},`;

export const mails = {
  passwordReset: (name: string, url: string) =>
    compose({
      subject: `${SITE_NAME}: choose a new password`,
      greeting: hello(name),
      paragraphs: [
        'Someone asked to reset the password of your account. To choose a new one, open this link:',
      ],
      action: { label: 'Choose a new password', url },
      after: [
        'The link works once, for 60 minutes. If you did not ask for it, ignore this mail: your password stays as it is.',
      ],
    }),
  passwordChanged: (name: string, url: string) =>
    compose({
      subject: `${SITE_NAME}: your password was changed`,
      greeting: hello(name),
      paragraphs: [
        'The password of your account was just changed, and every device that was signed in has been signed out.',
        `If you did not do this, choose a new password at once with “${MSG.recovery.forgotPassword}” on the sign-in page:`,
      ],
      action: { label: 'Sign in', url },
    }),
  verifyEmail: (name: string, url: string) =>
    compose({
      subject: `${SITE_NAME}: confirm your email address`,
      greeting: hello(name),
      paragraphs: ['Please confirm that this is your email address by opening this link:'],
      action: { label: 'Confirm my email address', url },
      after: ['The link works once, for 24 hours. If you did not sign up, ignore this mail.'],
    }),
  emailChanged: (name: string, newAddress: string, contactEmail: string) =>
    compose({
      subject: `${SITE_NAME}: your email address was changed`,
      greeting: hello(name),
      paragraphs: [
        `The email address of your account was changed to ${newAddress}. Mail about your account now goes there.`,
        `If you did not do this, write to us at once at ${contactEmail}.`,
      ],
    }),
  /**
   * What a person missed while away (issue 33): messages first, then notifications, each a line with
   * its link. A notification mail has several links: `link` is the first (logged when mail goes to files).
   */
  whatYouMissed: (name: string, items: MissedItem[], settingsUrl: string): MailContent => {
    const subject =
      items.length === 1
        ? `${SITE_NAME}: ${items[0]?.text}`
        : `${SITE_NAME}: ${items.length} things happened while you were away`;
    const text = [
      hello(name),
      '',
      'While you were away:',
      '',
      ...items.flatMap((item) => [`- ${item.text}`, `  ${item.url}`, '']),
      `Choose which emails you get: ${settingsUrl}`,
      '',
      `— ${SITE_NAME}`,
      '',
    ].join('\n');
    const li = (item: MissedItem) =>
      `<li style="margin:0 0 12px"><a href="${escapeHtml(item.url)}" style="color:#0f766e">${escapeHtml(item.text)}</a></li>`;
    const html = [
      '<!doctype html><html><body style="margin:0;padding:24px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a;line-height:1.5">',
      `<div style="max-width:520px;margin:0 auto"><p style="margin:0 0 24px;font-weight:700;color:#0f766e">${escapeHtml(SITE_NAME)}</p>`,
      `<p style="margin:0 0 16px">${escapeHtml(hello(name))}</p>`,
      '<p style="margin:0 0 16px">While you were away:</p>',
      `<ul style="margin:0 0 16px;padding-left:20px">${items.map(li).join('')}</ul>`,
      `<p style="margin:0 0 16px;color:#475569;font-size:13px"><a href="${escapeHtml(settingsUrl)}" style="color:#475569">Choose which emails you get</a></p>`,
      `<p style="margin:24px 0 0;color:#475569">— ${escapeHtml(SITE_NAME)}</p></div></body></html>`,
    ].join('');
    return { subject, text, html, ...(items[0] ? { link: items[0].url } : {}) };
  },
  accountDeleted: (name: string) =>
    compose({
      subject: `${SITE_NAME}: your account was deleted`,
      greeting: hello(name),
      paragraphs: [
        'Your account was deleted, with your posts, their photos, your likes and saved posts. Your comments stay, under the name “Deleted user”.',
        'Thank you for using the marketplace. You are welcome back at any time with a new account.',
      ],
    }),
};
