// Time comes from one clock, made in buildApp: tests inject one to age sessions, accounts and posts
// without waiting. Code that decides by time asks the clock (or passes its time to SQL), never Date.now().
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
