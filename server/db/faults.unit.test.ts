import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, databaseFault, describeFault } from './faults';

// drizzle wraps the driver's error: "Failed query: <sql>" with the pg error as its cause.
const wrapped = (cause: unknown) =>
  Object.assign(new Error('Failed query: insert into "comments" ...\nparams: 1,secret'), { cause });
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('databaseFault', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    [
      'a server shutting down (57P01)',
      pgError('57P01', 'terminating connection due to administrator command'),
    ],
    ['a server starting up (57P03)', pgError('57P03', 'the database system is starting up')],
    ['a connection exception (08006)', pgError('08006', 'connection failure')],
    ['a connection lost without a code', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    [
      'a client that lost its connection',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['the handle before migrations', new DatabaseUnavailableError('the database is not ready yet')],
    ['a host whose every address refused', new AggregateError([pgError('ECONNREFUSED', 'refused')], '')],
  ])('says unavailable for %s, also when drizzle wraps it', (_name, error) => {
    expect(databaseFault(error)).toBe('unavailable');
    expect(databaseFault(wrapped(error))).toBe('unavailable');
  });

  it.each([
    ['statement_timeout (57014)', pgError('57014', 'canceling statement due to statement timeout')],
    ['a pool with no free connection in time', new Error('timeout exceeded when trying to connect')],
    ['a server that did not answer', new Error('Query read timeout')],
  ])('says timeout for %s', (_name, error) => {
    expect(databaseFault(wrapped(error))).toBe('timeout');
  });

  it.each([
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', pgError('42601', 'syntax error')],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'oops'],
  ])('says nothing for %s', (_name, error) => {
    expect(databaseFault(wrapped(error))).toBeNull();
  });

  it("describes a fault by the driver's code and message, never the SQL or values", () => {
    const text = describeFault(wrapped(pgError('57P01', 'terminating connection')));
    expect(text).toBe('57P01: terminating connection');
  });
});
