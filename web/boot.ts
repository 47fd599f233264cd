// The page's boot script (decision 037): about a kilobyte the page runs as soon as it arrives,
// while the app's code is still loading. It asks for the API answers the page's shell preloads (the
// session check and the screen's feed) and, when a feed's first page is in, starts the download of
// its first cover, the screen's largest paint, unless Data saver is on. The app takes the answers
// when it first calls (lib/early-answers.ts). Built on its own by scripts/boot-script.ts.

import { askEarly } from './lib/early-answers';
import { fetchFirstCover } from './lib/first-cover';

for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')) {
  const url = link.getAttribute('href');
  if (!url?.startsWith('/api/')) continue;
  askEarly(url)
    ?.then((response) => (response.ok ? response.clone().json() : undefined))
    .then((page) => fetchFirstCover(page?.posts))
    // The app's own call reports what went wrong; the cover waits for the card.
    .catch(() => {});
}
