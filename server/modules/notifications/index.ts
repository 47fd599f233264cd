// Notifications (issue 33, decision 041): what happened for a person, raised by other modules in the
// transaction of the change (raise.ts), listed and marked read, their email settings and one-click
// unsubscribe, the expiry notices, and the mail of what they missed while away.
export { ActivityMarks, markActive } from './activity';
export { mailWhatWasMissed } from './away-mail';
export { raiseExpiryNotices } from './expiry-notices';
export type { ModerationNews } from './present';
export { type NewNotification, raiseNotification, raiseNotifications } from './raise';
export { notificationRoutes } from './routes';
export { tellSavers } from './savers';
export { forgetNotificationsOf, notificationsOf } from './service';
export { emailSettingsOf, UnsubscribeLinks } from './settings';
