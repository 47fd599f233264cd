// Trust and safety (decision 014), no routes: the checks writes run (scam signals, copy-paste holds,
// first-day limits), the one place moderation states change with their audit log (transitions.ts),
// and the moderators named in the configuration.
export { messageFingerprint, mustHoldCopy } from './copy-paste';
export { checkFirstDayLimit } from './first-day-limits';
export { isListedModerator } from './listed-moderators';
export { detectScamSignals, safetyWarningFor } from './scam-signals';
export { listingTextChecks } from './text-checks';
export {
  closeReports,
  holdPost,
  recordAction,
  setCommentState,
  setPostState,
  setSuspended,
} from './transitions';
