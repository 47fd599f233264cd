// /healthz is liveness, /readyz readiness with the longest recent event-loop stall.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('reports the longest recent event-loop stall in /readyz', async () => {
  const before = (await t.app.inject('/readyz')).json();
  expect(before).toMatchObject({ status: 'ready', database: 'up' });
  expect(before.eventLoopLagMs).toBeTypeOf('number');

  await new Promise((r) => setTimeout(r, 50)); // the monitor samples between the two stalls
  const started = Date.now();
  while (Date.now() - started < 300) {
    // a 300 ms synchronous stall, as a big JSON or a sync hash would cause
  }
  await new Promise((r) => setTimeout(r, 50));
  const after = (await t.app.inject('/readyz')).json();
  expect(after.eventLoopLagMs).toBeGreaterThanOrEqual(250);
  expect(after.eventLoopLagMs).toBeLessThan(5000);
});
