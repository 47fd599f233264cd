// Component tests render into jsdom; unmount between tests so timers and listeners never leak. The
// files share one jsdom per worker (vitest.config.ts: no isolation), so what a test may leave in the
// page's globals is put back after each one too.
import { onlineManager } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import { options } from 'preact';
import { afterEach } from 'vitest';

// Preact (what ships, decision 005) runs effects after the next frame; in a browser a person cannot
// act sooner, but a test clicks in the same tick a render lands in. Run them right after the render,
// as React's test environment does, so a test never acts before subscriptions exist.
options.requestAnimationFrame = (flushEffects) => queueMicrotask(flushEffects);

afterEach(() => {
  cleanup();
  // A test that went offline must not leave the next one's mutations paused.
  onlineManager.setOnline(true);
  localStorage.clear();
  sessionStorage.clear();
});
