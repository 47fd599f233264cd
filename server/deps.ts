// What every feature's routes receive: configuration and the database. Built once in buildApp.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import type { LoginLockout } from './modules/auth/lockout';

export interface Deps {
  config: Config;
  database: Database;
  /** Failed password checks per account and address (login and the /pass checks share it: DESIGN §4). */
  loginFailures: LoginLockout;
}

export type RoutesPlugin = FastifyPluginAsync<Deps, import('fastify').RawServerDefault, ZodTypeProvider>;
