// An image chosen in the create form, before upload (the picker's list and the draft's images).
export interface PickedImage {
  /** Stable across removals, for React keys. */
  key: string;
  file: File;
}

let nextKey = 0;

export const pickedOf = (files: readonly File[]): PickedImage[] =>
  files.map((file) => ({ key: `img-${++nextKey}`, file }));
