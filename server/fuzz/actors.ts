// The signed-in side of the fuzz: members with real sessions (signed up and in through the API),
// their posts (published and not), comments and images, so generated requests can point at real
// things. Fuzzed requests may end a session (logout, a new sign-in, a password change) or lock an
// account: a member whose session is gone signs in again, or is replaced by a new member.
import { randomBytes } from 'node:crypto';
import type { App } from '../app';
import { sessionCookie } from '../test/factories';
import { productInput, serviceInput } from '../test/listing-helpers';
import { multipart } from '../test/multipart';
import type { Targets } from './bodies';

const PASSWORD = 'correct horse battery';

export interface Actor {
  id: number;
  email: string;
  cookie: string;
  uploads: number;
  /** The member's own posts: published product, published service, then the unpublished two. */
  postIds: number[];
}

// Fixture calls come from their own addresses, so the per-address limits the fuzz runs into
// (sign-ups, logins) never stop the fixtures.
let fixtureAddress = 0;
const fixtureRemote = () => {
  fixtureAddress += 1;
  return `10.200.${Math.floor(fixtureAddress / 250) % 250}.${(fixtureAddress % 250) + 1}`;
};

export class Actors {
  readonly members: Actor[] = [];
  constructor(
    private readonly app: App,
    readonly targets: Targets,
  ) {}

  private async call(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    cookie: string | undefined,
    payload?: object,
  ) {
    return this.app.inject({
      method,
      url,
      remoteAddress: fixtureRemote(),
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  }

  private async signIn(email: string) {
    const res = await this.call('POST', '/api/login', undefined, { email, password: PASSWORD });
    return res.statusCode === 200 ? sessionCookie(res) : undefined;
  }

  /** A new member with two published and two unpublished posts, a comment on each, one image. */
  async add(): Promise<Actor> {
    const email = `fuzz.${randomBytes(5).toString('hex')}@example.co.zw`;
    const signup = await this.call('POST', '/api/signup', undefined, {
      name: 'Fuzz Member',
      email,
      phoneNumber: '0771234567',
      password: PASSWORD,
    });
    if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.statusCode} ${signup.body}`);
    const cookie = await this.signIn(email);
    if (!cookie) throw new Error('sign-in of a new member failed');
    const actor: Actor = { id: signup.json().user_id, email, cookie, uploads: 0, postIds: [] };
    this.targets.userIds.push(actor.id);
    this.targets.emails.push(email);

    for (const [input, publish] of [
      [productInput(), true],
      [serviceInput(), true],
      [productInput({ name: 'Unpublished 📦 <b>&amp;</b>' }), false],
      [serviceInput({ name: 'مرحبا unpublished' }), false],
    ] as const) {
      const created = await this.call('POST', '/api/create-post', cookie, input);
      if (created.statusCode !== 201)
        throw new Error(`create-post failed: ${created.statusCode} ${created.body}`);
      const id = created.json().postId as number;
      this.targets.postIds.push(id);
      actor.postIds.push(id);
      if (publish) await this.call('PUT', '/api/publish-post', cookie, { id, type: input.type });
      const comment = await this.call('POST', '/api/comments', cookie, {
        postId: id,
        content: 'Still available?',
      });
      if (comment.statusCode === 201 || comment.statusCode === 200) {
        const commentId = (comment.json() as { comment?: { id?: number }; id?: number }).comment?.id;
        if (commentId) this.targets.commentIds.push(commentId);
      }
      if (this.targets.images[0] && publish) {
        const form = multipart([
          { name: 'postId', value: String(id) },
          { name: 'type', value: input.type },
          { name: 'images', filename: 'photo.jpg', data: this.targets.images[0], contentType: 'image/jpeg' },
        ]);
        const uploaded = await this.app.inject({
          method: 'POST',
          url: '/api/files/upload',
          remoteAddress: fixtureRemote(),
          headers: { ...form.headers, cookie },
          payload: form.payload,
        });
        actor.uploads += 1;
        if (uploaded.statusCode === 201) this.collectImages(uploaded.body);
      }
    }
    this.members.push(actor);
    return actor;
  }

  /** Image ids and media keys from an answer that lists images (a successful upload or delete). */
  collectImages(body: string) {
    try {
      const { images } = JSON.parse(body) as {
        images?: Array<{ id: number; url: string; thumbUrl: string; mediumUrl?: string }>;
      };
      for (const image of images ?? []) {
        if (!this.targets.imageIds.includes(image.id)) this.targets.imageIds.push(image.id);
        for (const url of [image.url, image.thumbUrl, image.mediumUrl]) {
          if (!url) continue;
          const key = url.replace(/^\/media\//, '');
          if (!this.targets.mediaKeys.includes(key)) this.targets.mediaKeys.push(key);
        }
      }
    } catch {
      // not a list of images
    }
  }

  /**
   * After a member's request: takes a new session cookie the answer set, and when the session is
   * gone (logout, password change) signs in again, or brings in a new member (password changed,
   * account locked, upload limit near).
   */
  async settle(index: number, setCookie: string | undefined) {
    const actor = this.members[index];
    if (!actor) return;
    if (setCookie !== undefined) {
      if (setCookie) actor.cookie = setCookie;
      const check = await this.call('GET', '/api/verify-auth', actor.cookie);
      if (!check.json().isAuthenticated) {
        const cookie = await this.signIn(actor.email);
        if (cookie) actor.cookie = cookie;
        else this.members[index] = await this.replace();
      }
    }
    if (actor.uploads >= 50) this.members[index] = await this.replace();
  }

  private async replace() {
    const actor = await this.add();
    this.members.pop();
    return actor;
  }
}
