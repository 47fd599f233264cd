// A feed's first cover is the screen's largest paint (decision 036). Its download starts as soon as the
// list's data says which it is, before the cards are drawn, instead of when the card's <img> is laid
// out: a slow phone spends a few hundred milliseconds drawing the first screen, and the network can
// use them. The card's <img> then takes the image from the page's memory cache. Not with Data saver on
// (decision 026): the card then loads no image until one is tapped. On a page's first load the boot
// script (web/boot.ts) calls it as soon as the page's preloaded list arrives, before the app's code.
import type { ImageDto } from '../../shared/api-types';
import { isDataSaverOn } from './data-saver';

/** Starts the download of the first post's cover of a list's first page. */
export function fetchFirstCover(posts: readonly { cover?: ImageDto | null }[] | undefined) {
  const cover = posts?.[0]?.cover;
  if (!cover || isDataSaverOn()) return;
  const image = new Image();
  image.fetchPriority = 'high';
  image.src = cover.thumbUrl;
}
