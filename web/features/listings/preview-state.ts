// What the create form hands the Post Preview through navigation state (spec §2): the created item and
// its uploaded images. Navigation state is whatever the history holds, so it is checked before use.
import type { ImageDto, ItemDto } from '../../../shared/api-types';

export interface PreviewState {
  item: ItemDto;
  images: ImageDto[];
}

export function readPreviewState(state: unknown): PreviewState | null {
  if (!state || typeof state !== 'object') return null;
  const { item, images } = state as Partial<PreviewState>;
  if (!item || typeof item !== 'object' || typeof item.id !== 'number') return null;
  if (item.type !== 'product' && item.type !== 'service') return null;
  return { item, images: Array.isArray(images) ? images : [] };
}
