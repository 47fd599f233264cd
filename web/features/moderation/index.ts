// The moderation feature's public face: the review queue, the audit log and the tabs that hold them.
export { AuditLog } from './components/audit-log';
export { ModerationQueue } from './components/moderation-queue';
export { Tabs } from './components/moderation-tabs';
