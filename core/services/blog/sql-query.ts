/** The blog's lean queries use the shared SQL query shape. */
export { toNumberedPlaceholders, type SqlQuery } from '../sql/query.ts';
