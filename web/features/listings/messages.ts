// Texts of the listings screens that the spec does not give (its own strings come from shared/messages).
export const LISTING_TEXT = {
  uploadRetryNote: 'Your post is saved; trying again only sends the images.',
  saveFailed: 'Could not save your changes. Please try again.',
  publishedNote: 'This post is published: edit it from your account.',
  /** The dashboard's Edit of a post (issue 34): its heading, and what a live edit does. */
  editing: (name: string) => `Edit ${name}`,
  liveEditNote: 'This post is live: your changes show at once and it keeps its place in the feed.',
  /** While a photo over 5 MB is shrunk in the picker (issue 34). */
  preparingPhotos: 'Preparing photos...',
  removeImageFailed: 'Could not remove the image. Please try again.',
  loadFailed: 'Could not load your posts.',
  paymentChoicesFull: 'The payment methods are at their length limit: remove some text to add a choice.',
  draftRestored: 'Draft restored',
  queuedNote: 'It is kept on this phone with its images until then: keep this page open, or come back to it.',
} as const;
