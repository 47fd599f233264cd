// Queries built once per shape (which optional parts they have) and per database, then run with new
// values: drizzle assembling the SQL text costs more CPU than a small query's database time.
import type { Executor } from './client';

/**
 * A store of built statements keyed by shape, one set per database. At most `max` per database: a
 * shape that comes from user input (a search's word count) must not grow memory without bound, so
 * the oldest built is dropped (and built again if it comes back).
 */
export function statementCache<S>(max: number) {
  const byDatabase = new WeakMap<Executor, Map<string, S>>();
  return (db: Executor, shape: string, build: () => S): S => {
    let byShape = byDatabase.get(db);
    if (!byShape) {
      byShape = new Map();
      byDatabase.set(db, byShape);
    }
    let statement = byShape.get(shape);
    if (statement === undefined) {
      statement = build();
      const oldest = byShape.keys().next();
      if (byShape.size >= max && !oldest.done) byShape.delete(oldest.value);
      byShape.set(shape, statement);
    }
    return statement;
  };
}
