// What every feature's routes receive: configuration and the database. Built once in buildApp.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import type { AttemptLimiter } from './plugins/attempt-limiter';

export interface Deps {
  config: Config;
  database: Database;
  /** Failed password checks per account (login and the /pass check share it: DESIGN §4). */
  loginFailures: AttemptLimiter;
}

export type RoutesPlugin = FastifyPluginAsync<Deps, import('fastify').RawServerDefault, ZodTypeProvider>;
