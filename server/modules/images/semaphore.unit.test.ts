import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('Semaphore', () => {
  it('runs at most `size` tasks at once, in arrival order, and passes results and errors through', async () => {
    const gate = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (i: number) => async () => {
      started.push(i);
      running++;
      peak = Math.max(peak, running);
      await tick();
      running--;
      if (i === 3) throw new Error('task 3 failed');
      return i * 10;
    };
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => gate.run(task(i))));
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      0,
      10,
      20,
      'task 3 failed',
      40,
      50,
    ]);
    // A failed task gave its slot back: the gate still runs two at once afterwards.
    peak = 0;
    await Promise.all([gate.run(task(7)), gate.run(task(8)), gate.run(task(9))]);
    expect(peak).toBe(2);
  });
});
