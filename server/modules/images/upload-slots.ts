// Uploads in progress per user, at most `perUser` at once: each holds a connection, temp files and,
// once received, turns in the image queue, so one account (or a few stalling on purpose) cannot tie
// them all up. Counted in this process's memory, like the rate limits (DESIGN §8: Redis once there
// are several instances).
export class UploadSlots {
  private readonly inUse = new Map<number, number>();

  constructor(readonly perUser: number) {}

  /** A release function when the user has a free slot (call it once, when the upload ends), else null. */
  tryTake(userId: number): (() => void) | null {
    const used = this.inUse.get(userId) ?? 0;
    if (used >= this.perUser) return null;
    this.inUse.set(userId, used + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inUse.get(userId) ?? 1) - 1;
      if (left > 0) this.inUse.set(userId, left);
      else this.inUse.delete(userId);
    };
  }
}

/** Uploads one user may have in progress at once; the next one gets 429 until one ends. */
export const UPLOADS_PER_USER_AT_ONCE = 2;
