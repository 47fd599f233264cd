// What a statement tells the embedded database about its plan (decision 034).

/**
 * Marks a statement PostgreSQL must plan for its own values on every call (a search ordered newest
 * first: how common its words are decides its plan). The PGlite worker never prepares such a text;
 * on PostgreSQL the app simply leaves it unnamed.
 */
export const PLANNED_PER_CALL = '/* planned per call */';
