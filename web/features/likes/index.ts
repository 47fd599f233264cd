// The likes feature's public face: the detail's like button and the cards' batched engagement.

export { patchCardEngagement } from './api';
export { CardEngagementBar } from './components/card-engagement-bar';
export { LikeButton, type LikeButtonProps } from './components/like-button';
export { type CardEngagement, useCardEngagement } from './use-card-engagement';
