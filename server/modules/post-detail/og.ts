// Open Graph and Twitter tags for a shared post link, so a link pasted in WhatsApp or Facebook shows
// the post's name, price, place and photo. Every value is HTML-escaped: posts are user input.
import type { PostDetail } from '../../../shared/api-types';
import { formatPrice } from '../../../shared/format';

const DESCRIPTION_DETAILS = 150;

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The first ~150 characters of `text`, cut at a word boundary, with an ellipsis when cut. */
export function excerpt(text: string, max = DESCRIPTION_DETAILS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

export function postDescription(post: PostDetail): string {
  const item = post.Product ?? post.Service;
  if (!item) return '';
  const price =
    item.type === 'product'
      ? formatPrice(item.price, 'product', item.currency)
      : formatPrice(item.rate, 'service', item.currency);
  return [price, item.city, excerpt(item.details)].filter(Boolean).join(' · ');
}

/** The <head> tags for `post`; `publicUrl` is the site's origin (absolute URLs are required). */
export function postHeadTags(post: PostDetail, publicUrl: string): string {
  const item = post.Product ?? post.Service;
  if (!item) return '';
  const image = post.cover;
  const tags: MetaTag[] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:title', item.name],
    ['property', 'og:description', postDescription(post)],
    ['property', 'og:url', `${publicUrl}/posts/${post.id}`],
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', item.name],
    ['name', 'twitter:description', postDescription(post)],
  ];
  if (image) {
    // Relative (/media/...) unless MEDIA_PUBLIC_URL made it absolute.
    const url = new URL(image.url, publicUrl).href;
    tags.push(
      ['property', 'og:image', url],
      ['property', 'og:image:width', String(image.width)],
      ['property', 'og:image:height', String(image.height)],
      ['property', 'og:image:alt', item.name],
      ['name', 'twitter:image', url],
    );
  }
  return metaTags(tags);
}

/** One <meta> tag: og:* keys go in `property`, twitter:* in `name`. */
export type MetaTag = [attribute: 'property' | 'name', key: string, value: string];

/** The tags as HTML, every value escaped (the seller page's tags use it too). */
export const metaTags = (tags: MetaTag[]) =>
  tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`).join('\n');

/** The shell's <title> with the post's name first (browser tabs and crawlers without OG read it). */
export function withTitle(html: string, title: string): string {
  return html.replace(/<title>([^<]*)<\/title>/, (_match, site: string) => {
    const full = site ? `${title} · ${site}` : title;
    return `<title>${escapeHtml(full)}</title>`;
  });
}
