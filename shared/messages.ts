// Every user-visible string of the spec (§8 and the screens), verbatim, plus the few the design adds.
// Web and server both import from here so the wording never drifts.

/** The name a deleted account's comments show (issue 31). */
export const DELETED_USER_NAME = 'Deleted user';

export const MSG = {
  signup: {
    fillAll: 'Please fill in all the fields',
    mismatch: 'Your passwords do not match',
    failed: 'Signup failed',
    success: 'Your account was successfully created',
    registered: 'Registration successful',
    emailTaken: 'An account with this email already exists',
    passwordTooShort: 'Password must be at least 8 characters',
    passwordTooLong: 'Password must be at most 128 characters',
    invalidEmail: 'Please enter a valid email address.',
    invalidPhone:
      'Please enter a valid phone number: a Zimbabwean one such as 077 123 4567 or 0242 123 456, or + and the country code for another country.',
  },
  login: {
    invalidEmail: 'Please enter a valid email address.',
    passwordRequired: 'Password is required.',
    invalidCredentials: 'Invalid email or password.',
    unavailable: 'An error occurred. Please try again later.',
    success: 'Login successful',
  },
  auth: {
    notSignedIn: 'Please sign in to continue.',
    forbidden: 'You are not allowed to do that.',
    crossSite: 'Cross-site request refused.',
    loggedOut: 'Logged out',
    logoutFailed: 'Could not sign you out. Check your connection and try again.',
  },
  create: {
    nameRequired: 'Name is required',
    categoryRequired: 'Category is required',
    priceRequired: 'Price is required',
    rateRequired: 'Rate is required',
    paymentRequired: 'Payment methods are required',
    detailsRequired: 'Details are required',
    cityRequired: 'City is required',
    locationRequired: 'Location is required',
    uploadFailed: 'Image upload failed. Please try again.',
    createFailed: 'Could not create your post. Please try again.',
    badIdempotencyKey: 'Idempotency-Key must be 8 to 128 printable ASCII characters.',
    queuedOffline: 'You are offline. Your post will be sent when you are back online.',
  },
  images: {
    tooMany: 'You can only upload up to 5 images.',
    tooBig: 'Images must be less than 5MB.',
    notImage: 'Only image files are allowed.',
    uploadsInProgress:
      'Your other uploads are still in progress. Please wait for one to finish, then try again.',
    none: 'No images available',
    noneForPost: 'No image available for this post',
  },
  profile: {
    fetchError: 'Error fetching profile data.',
    updateFailed: 'Failed to update profile.',
    updated: 'Profile updated successfully!',
    changeFailed: 'Failed to change password.',
    changed: 'Password changed successfully!',
    confirmEmailChange: 'Please enter your current password to change your email.',
  },
  preview: {
    updated: 'Information Updated',
    published: 'Post Published',
    publishError: 'Error updating publish state',
    noDetails: 'No product or service details available',
    notEditable: 'A published post can no longer be edited',
  },
  account: {
    empty: "You haven't created any posts yet.",
    published: 'Post published successfully',
    unpublished: 'Post unpublished successfully',
    // Beyond the spec (issue 16): deleting a post, and a confirmation before unpublishing one.
    confirmDeleteTitle: 'Delete this post?',
    confirmDelete: (name: string) =>
      `"${name}" will be deleted with its photos, likes, comments and views. This cannot be undone.`,
    deleted: 'Post deleted',
    deleteFailed: 'Could not delete the post. Please try again.',
    confirmUnpublishTitle: 'Unpublish this post?',
    confirmUnpublish: (name: string) =>
      `"${name}" will no longer show in the feeds until you publish it again. Its likes and comments are kept.`,
  },
  // Issue 14: expiry and renewal.
  expiry: {
    notExpired: 'This post has not expired',
    expiredNote: 'This post has expired: the seller has not renewed it, so it may no longer be available.',
    ownerNote: 'Expired: this post no longer shows in the feeds. Renew it to list it again at the top.',
    renewed: 'Post renewed',
    renewFailed: 'Could not renew the post. Please try again.',
  },
  // Issue 14: sold and reserved.
  status: {
    notPublished: 'Publish the post before marking it reserved or sold',
    changed: (label: string) => `Marked ${label.toLowerCase()}`,
    changeFailed: 'Could not change the status. Please try again.',
    soldNote: 'This item has been sold. The seller is no longer taking offers.',
    reservedNote: 'Reserved: the seller is holding this for a buyer. You can still ask to be next.',
  },
  comments: {
    loadFailed: 'Failed to load comments',
    loadFailedRetry: 'Failed to load comments. Please try again.',
    postFailed: 'Failed to post comment',
    postFailedRetry: 'Failed to post comment. Please try again.',
    updateFailed: 'Failed to update comment',
    updateFailedRetry: 'Failed to update comment. Please try again.',
    deleteFailed: 'Failed to delete comment',
    deleteFailedRetry: 'Failed to delete comment. Please try again.',
    confirmDelete: 'Are you sure you want to delete this comment?',
    empty: 'No comments yet',
  },
  postDetail: {
    invalidId: 'Invalid post ID',
    viewStatsFailed: 'Failed to load view statistics',
    viewDataError: 'An error occurred while loading view data',
    viewStatsUnavailable: 'Unable to load view statistics',
    notFound: 'Post data not found',
  },
  sellerPage: {
    // Beyond the spec (issue 14): a seller's public page at /users/{userId}.
    notFound: 'User not found',
    empty: 'No posts yet.',
  },
  password: {
    incorrect: 'Password is incorrect',
    verifyError: 'Error verifying password',
    updateError: 'Error updating password',
    mismatch: 'Passwords do not match',
    correct: 'Password is correct',
    updated: 'Password updated successfully',
    verifyFirst: 'Please confirm your current password first.',
  },
  empty: {
    posts: 'No posts available.',
    feedEnd: "No more posts, you've reached the end",
  },
  favourites: {
    /** The /saved screen with nothing saved (issue 14). */
    empty: 'No saved posts yet.',
    emptyHint: 'Tap Save on a post to keep it here.',
    signInToSave: 'Sign in to save posts',
    saveFailed: 'Could not save the post. Please try again.',
    /** A saved post no longer listed (issue 34): why it cannot be had, under its mark. */
    unlisted: {
      sold: 'The seller has marked it sold.',
      expired: 'The listing has expired.',
      unavailable: 'It is no longer on the marketplace.',
    },
    remove: 'Remove',
  },
  reports: {
    thanks: 'Thank you. A moderator will look at your report.',
    already: 'You have already reported this. Thank you.',
    ownPost: 'You cannot report your own post.',
    ownMessage: 'You cannot report your own message.',
    ownComment: 'You cannot report your own comment.',
    failed: 'Could not send your report. Please try again.',
  },
  moderation: {
    suspended: 'This account is suspended.',
    /** A new account's first-day ceiling (issue 11); `after` reads like '5 hours'. */
    newAccountPosts: (max: number, after: string) =>
      `New accounts can create up to ${max} posts on their first day. Please try again in ${after}.`,
    newAccountComments: (max: number, after: string) =>
      `New accounts can write up to ${max} comments on their first day. Please try again in ${after}.`,
    notYourself: 'Moderators cannot decide on their own account, posts or comments.',
    listedModerator: "This moderator is named in the server's configuration and cannot be changed here.",
    held: 'Your post is held for review: the same text was just posted by other accounts. A moderator will look at it soon.',
    hidden: 'Hidden',
    restored: 'Restored',
    suspendedDone: 'Account suspended',
    reinstated: 'Account reinstated',
    roleChanged: 'Role changed',
    actionFailed: 'That did not work. Please try again.',
    emptyQueue: 'Nothing to review. Thank you for keeping the marketplace safe.',
  },
  safety: {
    /** The caution every warned post or comment ends with. */
    neverPayFirst: 'Never pay before you have seen the item.',
    contactNote:
      'Stay safe: meet in a busy public place, check the item before you pay, and never send a deposit or airtime in advance.',
    contactContinue: 'I understand, continue',
    newSeller: 'New seller',
  },
  feed: {
    /** A search of one or two letters or digits (shared/search-words.ts SEARCH_MIN_CHARS): the box and a 400. */
    searchTooShort: 'Type at least 3 letters or numbers to search.',
    /** Under the search box while it holds one or two: the list shows the feed without a search (issue 34). */
    searchTooShortShowingAll: 'Type at least 3 letters or numbers to search. Showing posts without a search.',
    /** Over the results when a misspelt word was corrected (decision 027): `text` is what was searched. */
    correctedSearch: (text: string) => `Showing results for “${text}”`,
    /** GET /api/posts?sort=price_asc without a currency (decision 021). */
    priceSortNeedsCurrency: 'Choose a currency (USD or ZiG) to sort by price.',
    /** Under /home's Sort select while the price order is on: `currency` is the one chosen. */
    priceSortHint: (currency: string) =>
      `Cheapest first, prices in ${currency} only. Posts priced in words (like 'Negotiable') are left out.`,
  },
  /** Offline reading and the installed app (decision 025). */
  offline: {
    banner: 'Offline — showing saved posts',
    search: 'You are offline. Searching needs a connection.',
    like: 'You are offline. Liking needs a connection.',
    comment: 'You are offline. Commenting needs a connection.',
    /** A feed offline with nothing saved for it (issue 34): instead of loading forever. */
    nothingSaved: "You're offline. Posts you open while online are kept here.",
    updateReady: 'New version available',
    updateReload: 'Reload',
  },
  // Issue 31: a forgotten password, a confirmed address, a person's own data and leaving.
  recovery: {
    forgotPassword: 'Forgot password?',
    requestTitle: 'Forgot your password?',
    requestIntro: 'Type the email address of your account. We will send it a link to choose a new password.',
    send: 'Send the link',
    requested:
      'If an account uses that address, we have sent it a link to choose a new password. The link works for 60 minutes: check your inbox and your spam folder.',
    badLink: 'This link has expired or was already used. Please ask for a new one.',
    askAgain: 'Ask for a new link',
    resetTitle: 'Choose a new password',
    save: 'Save the new password',
    done: 'Your password was changed. Sign in with your new password.',
    noLink: 'This page needs the link from your email. Ask for a new one if you have lost it.',
  },
  verification: {
    banner: (email: string) => `Please confirm your email address: we sent a link to ${email}.`,
    resend: 'Resend',
    resent: (email: string) => `We sent a new link to ${email}.`,
    resendFailed: 'Could not send the link. Please try again later.',
    title: 'Confirm your email address',
    confirming: 'Confirming your email address...',
    confirmed: 'Your email address is confirmed. Thank you!',
    alreadyVerified: 'Your email address is already confirmed.',
    verified: 'Email verified',
  },
  // Issue 32: conversations between buyer and seller, blocking, and who sees a phone number.
  messages: {
    title: 'Messages',
    messageSeller: 'Message seller',
    firstMessage: 'Hi, is this still available?',
    empty: 'Please write a message.',
    tooLong: 'A message can be at most 2000 characters.',
    sold: 'This item has been sold.',
    ownPost: 'This is your own post.',
    blocked: "You can't message this person.",
    inboxEmpty: 'No messages yet. Ask a seller about a post to start a conversation.',
    send: 'Send',
    yourMessage: 'Your message',
    placeholder: 'Write a message…',
    sending: 'Sending…',
    waiting: 'Waiting for connection',
    tryAgain: 'Try again',
    discard: 'Delete',
    needsConnection: 'Sending a first message needs a connection.',
    sendFailedPlain: 'Could not send. Please try again.',
    actionFailed: 'That did not work. Please try again.',
    backToInbox: 'Back to Messages',
    earlier: 'Load earlier messages',
    moreActions: 'More actions',
    reportLast: 'Report their last message',
    sendFailed: 'Could not send. Tap to try again.',
    loadFailed: 'Could not load the messages. Please try again.',
    blockedNote:
      'You have blocked this person, or they have blocked you: neither of you can send messages here.',
    newAccountTip:
      'Safety tip: this account is less than a week old. Keep the conversation here, meet in a busy public place, and never pay before you have seen the item.',
    block: 'Block',
    unblock: 'Unblock',
    confirmBlockTitle: 'Block this person?',
    confirmBlock:
      'Neither of you will be able to send messages, and you will no longer see their new comments on your posts. You can unblock them later.',
    report: 'Report',
    notYourself: 'You cannot block yourself.',
    notFound: 'Conversation not found',
    tooManyConversations: (after: string) =>
      `You have started many conversations today. Please try again in ${after}.`,
  },
  notifications: {
    title: 'Notifications',
    bell: (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'),
    empty: 'Nothing yet. When someone comments on or likes your posts, you will see it here.',
    markAllRead: 'Mark all as read',
    loadMore: 'Show older',
    unreadMark: 'Unread',
    settingsTitle: 'Email notifications',
    settingsIntro: 'While you are away from the app, we send at most one email an hour with what you missed.',
    settingsSaved: 'Notification settings saved',
    settingsLink: 'Email settings',
    setting: {
      messages: 'New messages',
      comments: 'Comments and likes on my posts',
      savedSearches: 'New posts matching my saved searches',
      listings: 'My listings expiring, and saved posts that sold or changed price',
      moderation: 'Moderation of my posts, comments and reports',
    },
    unsubscribed: 'You will no longer get these emails.',
    badUnsubscribeLink: 'This unsubscribe link is not valid.',
    notFound: 'Notification not found',
  },
  savedSearches: {
    title: 'Saved searches',
    save: 'Save this search',
    saved: 'Search saved. We will tell you when new posts match.',
    alreadySaved: 'Search saved',
    empty: 'No saved searches yet. Search or filter on Home, then tap ‘Save this search’.',
    tooMany: 'You can save up to 20 searches.',
    needsFilter: 'Search for something or choose a filter first.',
    notFound: 'Saved search not found',
    delete: 'Delete',
    deleted: 'Saved search deleted',
    newPosts: (n: number) => (n === 1 ? '1 new post' : `${n} new posts`),
    everything: 'All posts',
  },
  contact: {
    showPhone: 'Show my phone number on my posts',
    showPhoneHint: 'Off: buyers see only ‘Message seller’ and your number stays private.',
    saved: 'Contact settings saved',
  },
  myData: {
    heading: 'Your data',
    intro: 'Download everything the marketplace holds about you, or delete your account.',
    download: 'Download my data',
    deleteAccount: 'Delete account',
    confirmDeleteTitle: 'Delete your account?',
    confirmDelete:
      'Your posts and their photos, your likes, your saved posts and every sign-in will be deleted, and your email address and phone number freed. Your comments stay, under the name “Deleted user”. This cannot be undone.',
    passwordLabel: 'Your password',
    passwordWrong: 'Password is incorrect',
    deleteFailed: 'Could not delete the account. Please try again.',
    deleted: 'Your account was deleted.',
  },
  errors: {
    invalidInput: 'Some fields are not valid.',
    badAddress: 'This address is not valid.',
    invalidUserId: 'Invalid user id',
    malformedJson: 'The request body is not valid JSON.',
    tooLarge: 'The request is too large.',
    unsupportedMedia: 'Unsupported content type.',
    /** A form-encoded body sent to a call that takes JSON (server/plugins/form-bodies.ts). */
    formNotAccepted: 'This call takes a JSON body (Content-Type: application/json), not a form.',
    notFound: 'Not found.',
    rateLimited: 'Too many attempts. Please try again later.',
    /** A per-user write limit (posts, comments, likes, profile): `after` reads like '12 minutes'. */
    slowDown: (after: string) => `You're doing that too often. Please try again in ${after}.`,
    unavailable: 'The service is temporarily unavailable. Please try again shortly.',
    internal: 'Something went wrong. Please try again later.',
  },
} as const;
