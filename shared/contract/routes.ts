// Every /api call's route: method, path (the spec's, `{name}` for a parameter), who may call it and how
// its body travels when not as JSON. Plain data, no zod: the web client reads it at run time
// (web/lib/client.ts), the server registers each route from it (server/route.ts). The schemas of each
// call are in the area files beside this one (decision 038).
import type { Route } from './define';

export const ROUTES = {
  // auth
  signup: { method: 'POST', path: '/api/signup', auth: 'optional' },
  login: { method: 'POST', path: '/api/login', auth: 'optional' },
  verifyAuth: { method: 'GET', path: '/api/verify-auth', auth: 'optional' },
  logout: { method: 'POST', path: '/api/logout', auth: 'optional' },
  requestPasswordReset: { method: 'POST', path: '/api/password-reset/request', auth: 'optional' },
  confirmPasswordReset: { method: 'POST', path: '/api/password-reset/confirm', auth: 'optional' },
  confirmEmail: { method: 'POST', path: '/api/email-verification/confirm', auth: 'optional' },
  resendVerification: { method: 'POST', path: '/api/email-verification/resend', auth: 'required' },

  // my-data
  exportAccount: { method: 'GET', path: '/api/account/export', auth: 'required' },
  deleteAccount: { method: 'DELETE', path: '/api/account', auth: 'required' },

  // users
  fetchUser: { method: 'GET', path: '/api/fetch-user', auth: 'required' },
  updateUser: { method: 'PUT', path: '/api/update-user', auth: 'required' },
  changePassword: { method: 'POST', path: '/api/change-password', auth: 'required' },
  currentUserPassword: { method: 'POST', path: '/api/current-user-password', auth: 'required', body: 'form' },
  updatePassword: { method: 'POST', path: '/api/update-password', auth: 'required', body: 'form' },

  // listings
  createPost: { method: 'POST', path: '/api/create-post', auth: 'required' },
  editPost: { method: 'PUT', path: '/api/edit-post', auth: 'required' },
  publishPost: { method: 'PUT', path: '/api/publish-post', auth: 'required' },
  publishManager: { method: 'PUT', path: '/api/publish-manager', auth: 'required' },
  myCreatedPosts: { method: 'GET', path: '/api/my-created-posts', auth: 'required' },
  setPostStatus: { method: 'PUT', path: '/api/posts/{postId}/status', auth: 'required' },
  renewPost: { method: 'POST', path: '/api/posts/{postId}/renew', auth: 'required' },
  deletePost: { method: 'DELETE', path: '/api/posts/{postId}', auth: 'required' },

  // images
  uploadImages: { method: 'POST', path: '/api/files/upload', auth: 'required', body: 'multipart' },
  postImages: { method: 'GET', path: '/api/files/{type}/{postId}', auth: 'optional' },
  deleteImage: { method: 'DELETE', path: '/api/files/{imageId}', auth: 'required' },

  // feed
  firstPayload: { method: 'GET', path: '/api/first-payload', auth: 'optional' },
  rollingFeedProducts: { method: 'POST', path: '/api/rolling-feed-products', auth: 'optional', body: 'form' },
  rollingFeedServices: { method: 'POST', path: '/api/rolling-feed-services', auth: 'optional', body: 'form' },
  posts: { method: 'GET', path: '/api/posts', auth: 'optional' },

  // post-detail, seller-page
  post: { method: 'GET', path: '/api/posts/{postId}', auth: 'optional' },
  sellerPage: { method: 'GET', path: '/api/users/{userId}/profile', auth: 'optional' },

  // likes
  toggleLike: { method: 'POST', path: '/api/likes/toggle/{postId}', auth: 'required' },
  likeStatus: { method: 'GET', path: '/api/likes/status/{postId}', auth: 'optional' },
  likeCount: { method: 'GET', path: '/api/likes/count/{postId}', auth: 'optional' },
  engagement: { method: 'GET', path: '/api/likes/engagement/{postId}', auth: 'optional' },
  engagementBatch: { method: 'GET', path: '/api/likes/engagement', auth: 'optional' },

  // comments
  postComments: { method: 'GET', path: '/api/comments/post/{postId}', auth: 'optional' },
  createComment: { method: 'POST', path: '/api/comments', auth: 'required' },
  editComment: { method: 'PUT', path: '/api/comments/{id}', auth: 'required' },
  deleteComment: { method: 'DELETE', path: '/api/comments/{id}', auth: 'required' },
  commentCount: { method: 'GET', path: '/api/comments/count/{postId}', auth: 'optional' },

  // views
  trackView: { method: 'POST', path: '/api/posts/{postId}/view', auth: 'optional' },
  viewStats: { method: 'GET', path: '/api/posts/{postId}/views', auth: 'optional' },

  // favourites
  saveFavourite: { method: 'PUT', path: '/api/favourites/{postId}', auth: 'required' },
  unsaveFavourite: { method: 'DELETE', path: '/api/favourites/{postId}', auth: 'required' },
  favouriteStatus: { method: 'GET', path: '/api/favourites/status', auth: 'required' },
  favourites: { method: 'GET', path: '/api/favourites', auth: 'required' },

  // reports, moderation
  fileReport: { method: 'POST', path: '/api/reports', auth: 'required' },
  moderationQueue: { method: 'GET', path: '/api/moderation/queue', auth: 'moderator' },
  moderationActions: { method: 'GET', path: '/api/moderation/actions', auth: 'moderator' },
  hidePost: { method: 'POST', path: '/api/moderation/posts/{id}/hide', auth: 'moderator' },
  restorePost: { method: 'POST', path: '/api/moderation/posts/{id}/restore', auth: 'moderator' },
  hideComment: { method: 'POST', path: '/api/moderation/comments/{id}/hide', auth: 'moderator' },
  restoreComment: { method: 'POST', path: '/api/moderation/comments/{id}/restore', auth: 'moderator' },
  suspendUser: { method: 'POST', path: '/api/moderation/users/{id}/suspend', auth: 'moderator' },
  reinstateUser: { method: 'POST', path: '/api/moderation/users/{id}/reinstate', auth: 'moderator' },
  setUserRole: { method: 'POST', path: '/api/moderation/users/{id}/role', auth: 'moderator' },

  hideMessage: { method: 'POST', path: '/api/moderation/messages/{id}/hide', auth: 'moderator' },
  restoreMessage: { method: 'POST', path: '/api/moderation/messages/{id}/restore', auth: 'moderator' },

  // conversations, the live stream, blocks, contact settings (issue 32)
  startConversation: { method: 'POST', path: '/api/conversations', auth: 'required' },
  conversations: { method: 'GET', path: '/api/conversations', auth: 'required' },
  conversation: { method: 'GET', path: '/api/conversations/{id}', auth: 'required' },
  conversationMessages: { method: 'GET', path: '/api/conversations/{id}/messages', auth: 'required' },
  sendMessage: { method: 'POST', path: '/api/conversations/{id}/messages', auth: 'required' },
  readConversation: { method: 'POST', path: '/api/conversations/{id}/read', auth: 'required' },
  unreadCounts: { method: 'GET', path: '/api/me/unread', auth: 'required' },
  events: { method: 'GET', path: '/api/events', auth: 'required' },
  blockUser: { method: 'PUT', path: '/api/blocks/{userId}', auth: 'required' },
  unblockUser: { method: 'DELETE', path: '/api/blocks/{userId}', auth: 'required' },
  blockedUsers: { method: 'GET', path: '/api/blocks', auth: 'required' },
  contactSettings: { method: 'GET', path: '/api/me/contact-settings', auth: 'required' },
  updateContactSettings: { method: 'PUT', path: '/api/me/contact-settings', auth: 'required' },

  // notifications, saved searches, email settings (issue 33)
  notifications: { method: 'GET', path: '/api/notifications', auth: 'required' },
  readNotifications: { method: 'POST', path: '/api/notifications/read', auth: 'required' },
  notificationSettings: { method: 'GET', path: '/api/notification-settings', auth: 'required' },
  updateNotificationSettings: { method: 'PUT', path: '/api/notification-settings', auth: 'required' },
  // A mail client's one-click unsubscribe (RFC 8058) posts 'List-Unsubscribe=One-Click' as a form.
  unsubscribe: {
    method: 'POST',
    path: '/api/notification-settings/unsubscribe',
    auth: 'optional',
    body: 'form',
  },
  savedSearches: { method: 'GET', path: '/api/saved-searches', auth: 'required' },
  createSavedSearch: { method: 'POST', path: '/api/saved-searches', auth: 'required' },
  seeSavedSearch: { method: 'POST', path: '/api/saved-searches/{id}/seen', auth: 'required' },
  deleteSavedSearch: { method: 'DELETE', path: '/api/saved-searches/{id}', auth: 'required' },

  // the app
  config: { method: 'GET', path: '/api/config', auth: 'optional' },
} as const satisfies Record<string, Route>;

export type CallName = keyof typeof ROUTES;

const patterns = new Map<CallName, RegExp>();

/** Whether a request is this call: its method, and a path of its route's shape (any parameter values). */
export function isCall(name: CallName, method: string, pathname: string): boolean {
  const route: Route = ROUTES[name];
  let pattern = patterns.get(name);
  if (!pattern) {
    const escaped = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+');
    pattern = new RegExp(`^${escaped}$`);
    patterns.set(name, pattern);
  }
  return method === route.method && pattern.test(pathname);
}
