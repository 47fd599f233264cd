// The notifications feature's public face (issue 33): the header's bell, the live stream's part the
// layout passes to the connection, the /notifications list, the email switches, 'Save this search' for
// /home and the saved searches list (also linked from /saved).
export { NotificationList } from './components/notification-list';
export { NotificationSettingsCard } from './components/notification-settings-card';
export { NotificationsBell } from './components/notifications-bell';
export { SaveSearchButton } from './components/save-search-button';
export { SavedSearchList } from './components/saved-search-list';
export { SavedSearchesLink } from './components/screen-links';
export { notificationsLive } from './live';
