// The likes feature's public face: the detail's like button and the cards' batched engagement.

export { patchCardEngagement } from './api';
export { CardEngagementBar } from './components/card-engagement-bar';
export { LikeButton } from './components/like-button';
export { useCardCounts, useCardEngagement } from './use-card-engagement';
