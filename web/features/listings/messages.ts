// Texts of the listings screens that the spec does not give (its own strings come from shared/messages).
export const LISTING_TEXT = {
  uploadRetryNote: 'Your post is saved; trying again only sends the images.',
  saveFailed: 'Could not save your changes. Please try again.',
  publishedNote: 'This post is published, so it can no longer be edited.',
  removeImageFailed: 'Could not remove the image. Please try again.',
  loadFailed: 'Could not load your posts.',
  paymentChoicesFull: 'The payment methods are at their length limit: remove some text to add a choice.',
  draftRestored: 'Draft restored',
  queuedNote: 'It is kept on this phone with its images until then: keep this page open, or come back to it.',
} as const;
