// Moderators named in the server's configuration (MODERATOR_EMAILS): the root of trust. They become
// moderators at sign-up or their next sign-in; no other moderator can suspend or demote them, and no
// member can move their account onto a listed address (decision 014).
import type { Config } from '../../config';

export const isListedModerator = (config: Config, email: string) =>
  config.trust.moderatorEmails.has(email.trim().toLowerCase());
