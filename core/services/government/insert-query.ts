// The seed procedure (core/routers/government/seed-batch.ts) still imports these from here.
export { buildInsertGovernmentOpportunitiesQuery, buildUpsertClassificationCodesQuery } from './insert-opportunities.query.ts';
