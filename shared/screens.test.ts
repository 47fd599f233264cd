import { describe, expect, it } from 'vitest';
import { SCREENS, screenAt } from './screens';

describe('screenAt', () => {
  it('finds the screen of each path', () => {
    expect(screenAt('/').screen).toBe('sign-up');
    expect(screenAt('/login').screen).toBe('sign-in');
    expect(screenAt('/posts/12').screen).toBe('post');
    expect(screenAt('/service/Buy')).toMatchObject({ screen: 'listing-form', access: 'member' });
    expect(screenAt('/moderation').access).toBe('moderator');
  });

  it('gives the not-found screen to any other path, however long, without splitting it all', () => {
    for (const path of ['/posts', '/posts/12/more', '/nope', '//login', `/${'a/'.repeat(8000)}`])
      expect(screenAt(path).screen, path.slice(0, 20)).toBe('not-found');
  });

  it('names a screen file for every entry', () => {
    for (const { screen } of SCREENS) expect(screen).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });
});
