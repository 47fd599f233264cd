// Records the images a test's code asks for with `new Image()` (a feed's first cover, decisions 036
// and 037) instead of letting jsdom load them. Undo with vi.unstubAllGlobals().
import { vi } from 'vitest';

export interface ImageRequest {
  src: string;
  fetchPriority: string;
}

/** Replaces Image; the returned list fills as images are asked for. */
export function recordImageRequests(): ImageRequest[] {
  const requested: ImageRequest[] = [];
  vi.stubGlobal(
    'Image',
    class {
      fetchPriority = 'auto';
      set src(src: string) {
        requested.push({ src, fetchPriority: this.fetchPriority });
      }
    },
  );
  return requested;
}
