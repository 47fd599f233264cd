// The feeds' grid, windowed (use-block-window.ts): one list of posts for assistive technology, drawn in
// blocks of whole rows, of which only those near the viewport hold cards. A list's first draw shows its
// first cards at once and the others a few per task (DrawnLater).
import type { ReactNode } from 'react';
import { DrawnLater } from '../../../components/ui/drawn-later';
import { useBlockWindow } from '../use-block-window';
import { FeedCardSkeleton } from './feed-card';

/** The spec's grid: one column on small screens, two from md, three from lg. */
export const GRID_CLASS = 'grid grid-cols-1 gap-3 sm:gap-4 md:grid-cols-2 lg:grid-cols-3';

export function WindowedGrid<T>({
  items,
  itemKey,
  renderItem,
  name,
  active,
}: {
  items: readonly T[];
  itemKey(item: T): string | number;
  renderItem(item: T, index: number): ReactNode;
  /** Tells this list's saved place (for Back) from another list's in the same history entry. */
  name: string;
  /** False while the list is hidden under an open post. */
  active?: boolean;
}) {
  const first = items[0];
  const { blocks, listRef, drawLaterFrom } = useBlockWindow({
    count: items.length,
    firstKey: first === undefined ? '' : String(itemKey(first)),
    name,
    active,
  });
  return (
    // role="list" on a div: its items sit in one grid per block, which the list's semantics skip.
    // biome-ignore lint/a11y/useSemanticElements: a <ul> cannot hold the blocks' <div>s
    <div ref={listRef} role="list" aria-label="Posts" className="flex flex-col gap-3 sm:gap-4">
      {blocks.map((block) =>
        block.drawn ? (
          <div
            key={block.index}
            ref={block.ref}
            data-block={block.index}
            data-drawn="true"
            role="none"
            className={GRID_CLASS}
          >
            {items.slice(block.start, block.end).map((item, offset) => (
              // biome-ignore lint/a11y/useSemanticElements: an <li> must sit directly in its list
              <div
                key={itemKey(item)}
                role="listitem"
                data-index={block.start + offset}
                aria-posinset={block.start + offset + 1}
                aria-setsize={items.length}
                className="flex flex-col [&>*]:flex-1"
              >
                <DrawnLater later={block.start + offset >= drawLaterFrom} placeholder={<FeedCardSkeleton />}>
                  {renderItem(item, block.start + offset)}
                </DrawnLater>
              </div>
            ))}
          </div>
        ) : (
          <div
            key={block.index}
            ref={block.ref}
            data-block={block.index}
            data-drawn="false"
            aria-hidden="true"
            style={{ height: block.height }}
          />
        ),
      )}
    </div>
  );
}
