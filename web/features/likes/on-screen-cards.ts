// Which cards' engagement bars are on screen now, so the 30-second refresh asks only for those (an idle
// feed far below the cards a reader sees costs nothing). One IntersectionObserver for the page; where
// there is none (old browsers, jsdom) every mounted bar counts as on screen.
const registered = new Map<number, number>();
const visible = new Set<number>();
const idOf = new WeakMap<Element, number>();
let observer: IntersectionObserver | null = null;

function observerOrNull(): IntersectionObserver | null {
  if (observer || typeof IntersectionObserver === 'undefined') return observer;
  observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const id = idOf.get(entry.target);
      if (id === undefined) continue;
      if (entry.isIntersecting) visible.add(id);
      else visible.delete(id);
    }
  });
  return observer;
}

/** Watches a card's element while it is mounted; returns the function that stops watching it. */
export function trackCard(element: Element | null, postId: number): () => void {
  if (!element) return () => {};
  registered.set(postId, (registered.get(postId) ?? 0) + 1);
  idOf.set(element, postId);
  const io = observerOrNull();
  io?.observe(element);
  return () => {
    io?.unobserve(element);
    const left = (registered.get(postId) ?? 1) - 1;
    if (left > 0) registered.set(postId, left);
    else {
      registered.delete(postId);
      visible.delete(postId);
    }
  };
}

export function isOnScreen(postId: number): boolean {
  return observer ? visible.has(postId) : registered.has(postId);
}
