// The blocks feature's public face (issue 32): the "People you blocked" card for /profile, and the
// block call the conversation screen uses.
export { useBlockedUsers, useBlockUser, useUnblockUser } from './api';
export { BlockedUsersCard } from './components/blocked-users-card';
