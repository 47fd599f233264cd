// Mail (issue 31, decision 039): what each mail says, the outbox a change writes it to in its own
// transaction, and the job that delivers it by SMTP or to files.
export { MailDelivery } from './delivery';
export { enqueueMail, outboxDepth } from './outbox';
export { type MissedItem, mails } from './templates';
export { createMailTransport, type MailTransport } from './transport';
