// Time comes from one clock, made in buildApp: tests inject one to age sessions, accounts and posts
// without waiting. Code that decides by time asks the clock (or passes its time to SQL), never Date.now().
/** One day in milliseconds: the unit of session lifetimes, account ages and the safety windows. */
export const DAY_MS = 86_400_000;

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
