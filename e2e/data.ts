// Test data for the feed journeys, made through the real API: a seller signed up and in on its own
// request context (so the page under test stays a visitor or signs in as someone else), posts
// created, given generated images and published. Every journey tags its posts with a unique word so
// it can search for exactly its own posts in the shared database.
import { type APIRequestContext, expect } from '@playwright/test';
import sharp from 'sharp';
import type { ImageDto, PostDetail } from '../shared/api-types';
import type { Category, City, Currency, PostType, SellOrBuy } from '../shared/catalog';
import { type E2EUser, newUser } from './fixtures';

/** A word no other journey uses: letters only, so search treats it as one plain term. */
export function uniqueTag(): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  let tag = 'zq';
  for (let i = 0; i < 8; i += 1) tag += letters[Math.floor(Math.random() * letters.length)];
  return tag;
}

/** Signs a new seller up and in on `request` (its cookie then authorises the calls below). */
export async function signInSeller(request: APIRequestContext, name = 'Chipo Ndlovu', phoneNumber?: string) {
  const user: E2EUser = { ...newUser(name), ...(phoneNumber ? { phoneNumber } : {}) };
  const signup = await request.post('/api/signup', {
    data: { name: user.name, email: user.email, phoneNumber: user.phoneNumber, password: user.password },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const login = await request.post('/api/login', { data: { email: user.email, password: user.password } });
  expect(login.status(), await login.text()).toBe(200);
  return user;
}

export interface PostSpec {
  name: string;
  type?: PostType;
  details?: string;
  category?: Category;
  city?: City;
  location?: string;
  sell_or_buy?: SellOrBuy;
  price?: string;
  /** USD when absent (the API's default). */
  currency?: Currency;
  paymentMethods?: string;
  /** Generated images to upload (0 by default). */
  images?: number;
  /** Published by default. */
  publish?: boolean;
}

export interface CreatedPost {
  id: number;
  name: string;
  type: PostType;
}

/** A small solid-colour PNG, different for each `seed`. */
export function pngImage(seed: number, width = 320, height = 240): Promise<Buffer> {
  const hue = (seed * 67) % 360;
  const background = `hsl(${hue}, 60%, 45%)`;
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

export async function uploadImages(request: APIRequestContext, post: CreatedPost, count: number) {
  const form = new FormData();
  form.set('postId', String(post.id));
  form.set('type', post.type);
  for (let i = 0; i < count; i += 1) {
    const png = await pngImage(post.id * 10 + i);
    form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), `photo-${i + 1}.png`);
  }
  const res = await request.post('/api/files/upload', { multipart: form });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { images: ImageDto[] }).images;
}

export async function createPost(request: APIRequestContext, spec: PostSpec): Promise<CreatedPost> {
  const type = spec.type ?? 'product';
  const created = await request.post('/api/create-post', {
    data: {
      type,
      name: spec.name,
      category: spec.category ?? 'Electronics',
      [type === 'product' ? 'price' : 'rate']: spec.price ?? (type === 'product' ? '250' : '15'),
      paymentMethods: spec.paymentMethods ?? 'EcoCash, Cash (USD)',
      details: spec.details ?? 'In good condition. Collect in town.',
      city: spec.city ?? 'Harare',
      location: spec.location ?? 'Avondale',
      sell_or_buy: spec.sell_or_buy ?? 'Sell',
      ...(spec.currency ? { currency: spec.currency } : {}),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { postId } = (await created.json()) as { postId: number };
  const post = { id: postId, name: spec.name, type };
  if (spec.images) await uploadImages(request, post, spec.images);
  if (spec.publish ?? true) {
    const published = await request.put('/api/publish-post', {
      data: { id: postId, type, isPublished: true },
    });
    expect(published.status(), await published.text()).toBe(200);
  }
  return post;
}

/** Posts one after another (so their order in the feed is their order here). */
export async function createPosts(request: APIRequestContext, specs: PostSpec[]) {
  const posts: CreatedPost[] = [];
  for (const spec of specs) posts.push(await createPost(request, spec));
  return posts;
}

export async function getPost(request: APIRequestContext, id: number): Promise<PostDetail> {
  const res = await request.get(`/api/posts/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as PostDetail;
}
