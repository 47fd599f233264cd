// GET /healthz: liveness (the process answers; never touches the database, so an outage does not
// get the process restarted). GET /readyz: readiness (the database answers), with the longest
// event-loop stall of the last 10-20 s so a load balancer or an operator sees a blocked process.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { RecentStalls } from '../event-loop-lag';

export async function healthPlugin(
  app: FastifyInstance,
  { database, stalls }: { database: Database; stalls: RecentStalls },
) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const eventLoopLagMs = stalls.longestStallMs();
    if (database.state !== 'starting') {
      try {
        await database.ping();
        return { status: 'ready', database: 'up', eventLoopLagMs };
      } catch {
        // answered below
      }
    }
    const state = database.state === 'starting' ? 'starting' : 'down';
    return reply.status(503).send({ status: 'unavailable', database: state, eventLoopLagMs });
  });
}
