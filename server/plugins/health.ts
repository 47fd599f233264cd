// GET /healthz: liveness (the process answers; never touches the database, so an outage does not
// get the process restarted). GET /readyz: readiness (the database answers, with its state).
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';

export async function healthPlugin(app: FastifyInstance, { database }: { database: Database }) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (database.state !== 'starting') {
      try {
        await database.ping();
        return { status: 'ready', database: 'up' };
      } catch {
        // answered below
      }
    }
    const state = database.state === 'starting' ? 'starting' : 'down';
    return reply.status(503).send({ status: 'unavailable', database: state });
  });
}
