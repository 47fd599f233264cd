// The page's first frame (decision 036), drawn into index.html at build time, must be what the app
// draws first, so the app takes over its nodes instead of replacing them (no flicker, no second paint
// of the header): rendered here as the build renders it, then the app on Preact (what ships) over it.
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderFirstFrame, withFirstFrame } from '../../scripts/first-frame';
import { storeSignedIn } from '../features/auth/auth-store';
import { TEST_USER } from '../test/render-app';
import { App } from './app';
import { VISITOR_LINKS_WAIT_MS } from './header';

let frame: string;
beforeAll(() => {
  frame = renderFirstFrame();
}, 30_000);
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The page as the browser has it before any script runs: the frame in #root. */
function pageWithFrame(path: string) {
  window.history.replaceState(null, '', path);
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = frame;
  document.body.append(root);
  return root;
}

describe('the first frame', () => {
  it('is the header with the name and the menu button, no links, and an empty main', () => {
    const root = pageWithFrame('/about');
    expect(root.querySelector('header a')?.textContent).toBe('Zim Marketplace');
    expect(root.querySelector('header button')?.getAttribute('aria-label')).toBe('Open menu');
    expect(root.querySelectorAll('#main-menu li')).toHaveLength(0);
    expect(root.querySelector('main')?.childNodes).toHaveLength(0);
    root.remove();
  });

  it("is what the app draws first, in the same nodes; a visitor's links come with the session check", async () => {
    let answerCheck: (visitor: unknown) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise((resolve) => {
            answerCheck = resolve;
          }),
      ),
    );
    const root = pageWithFrame('/about');
    const header = root.querySelector('header');
    const before = header?.outerHTML;
    const brand = root.querySelector('header a');

    render(<App />, { container: root });
    expect(root.querySelector('header')).toBe(header);
    expect(root.querySelector('header a')).toBe(brand);
    expect(root.querySelector('header')?.outerHTML).toBe(before);

    const visitor = { isAuthenticated: false };
    await act(async () =>
      answerCheck({
        ok: true,
        status: 200,
        headers: new Headers(),
        text: async () => JSON.stringify(visitor),
      }),
    );
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeTruthy();
    expect(root.querySelector('header a')).toBe(brand);
  });

  it("shows a visitor's links after a while when the session check does not answer", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    const root = pageWithFrame('/about');
    render(<App />, { container: root });
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(
      await screen.findByRole('link', { name: 'Sign In' }, { timeout: VISITOR_LINKS_WAIT_MS + 1000 }),
    ).toBeTruthy();
  });

  it("is brought up to date where the app draws otherwise: a member's header at once", () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    storeSignedIn(TEST_USER); // a member coming back: the phone remembers them
    const root = pageWithFrame('/about');
    const brand = root.querySelector('header a');

    render(<App />, { container: root });
    expect(root.querySelector('header a')).toBe(brand);
    expect(brand?.getAttribute('href')).toBe('/home');
    expect(screen.getByRole('link', { name: 'Create Post' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'About Us' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('the built index.html', () => {
  const built =
    '<head><script type="module" crossorigin src="/assets/index-A.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/common-B.js">' +
    '<link rel="stylesheet" crossorigin href="/assets/index-C.css"></head>' +
    '<body><div id="root"></div></body>';

  it('has the frame in #root, and its scripts after the CSS (low priority): the frame needs none', () => {
    expect(withFirstFrame(built, '<p>frame</p>')).toBe(
      '<head><script fetchpriority="low" type="module" crossorigin src="/assets/index-A.js"></script>' +
        '<link fetchpriority="low" rel="modulepreload" crossorigin href="/assets/common-B.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/index-C.css"></head>' +
        '<body><div id="root"><p>frame</p></div></body>',
    );
  });

  it('lowers script tags whatever the order of their attributes, and only once', () => {
    const reordered = built
      .replace('<script type="module" crossorigin', '<script crossorigin type="module"')
      .replace('<link rel="modulepreload" crossorigin', '<link crossorigin rel="modulepreload"');
    const html = withFirstFrame(reordered, '');
    expect(html.match(/<script [^>]*>/g)).toEqual([
      '<script fetchpriority="low" crossorigin type="module" src="/assets/index-A.js">',
    ]);
    expect(html).toContain(
      '<link fetchpriority="low" crossorigin rel="modulepreload" href="/assets/common-B.js">',
    );
    expect(withFirstFrame(html, '')).toBe(html); // already low: not twice
  });

  it('fails the build when Vite writes the page otherwise', () => {
    expect(() => withFirstFrame(built.replace('<div id="root"></div>', ''), 'x')).toThrow(/#?root/);
    expect(() => withFirstFrame('<div id="root"></div>', 'x')).toThrow(/module script/);
  });
});
