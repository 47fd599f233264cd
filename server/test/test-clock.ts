// A clock a test moves by hand: sessions, verifications and posts age without waiting.
import type { Clock } from '../infra/clock';

export class TestClock implements Clock {
  private ms: number;

  constructor(start: Date = new Date()) {
    this.ms = start.getTime();
  }

  now(): Date {
    return new Date(this.ms);
  }

  advance(ms: number): void {
    this.ms += ms;
  }
}

export { DAY_MS } from '../infra/clock';
