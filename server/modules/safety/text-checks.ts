// What the safety checks record of a listing's text when it is written: the scam patterns it matches
// (shown to readers as a caution, and queued for a moderator) and its copy-paste fingerprint. The
// listing calls and the seed both store them, so seeded data behaves like real data.
import { textFingerprint } from './copy-paste';
import { detectScamSignals } from './scam-signals';

export function listingTextChecks(listing: { name: string; details: string; paymentMethods: string }) {
  return {
    scamSignals: detectScamSignals(`${listing.name}\n${listing.details}\n${listing.paymentMethods}`),
    textFingerprint: textFingerprint(listing.name, listing.details),
  };
}
