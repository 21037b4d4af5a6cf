import { router } from '../../trpc.ts';
import { agreementsRouter } from './agreements/router.ts';
import { businessRouter } from './business/router.ts';
import { customersRouter } from './customers/router.ts';
import { estimatesRouter } from './estimates/router.ts';
import { invoicesRouter } from './invoices/router.ts';
import { jobsRouter } from './jobs/router.ts';
import { leadsRouter } from './leads/router.ts';
import { paymentsRouter } from './payments/router.ts';
import { priceBookRouter } from './price-book/router.ts';
import { propertiesRouter } from './properties/router.ts';
import { reportsRouter } from './reports/router.ts';
import { reviewsRouter } from './reviews/router.ts';
import { schedulingRouter } from './scheduling/router.ts';
import { teamRouter } from './team/router.ts';

/**
 * The field-service domain, acting inside the caller's business: the 45 reads and 2 writes of the
 * agent tool catalogue (docs/workspace-api.md), each named for the MCP adapter by its `tool` meta,
 * and the billing writes of typed clients (estimate, invoice and payment changes, on
 * workspaceWriteProcedure), which have no `tool` meta and so are no agent tools. None has an
 * `openapi` mapping, so none is in the public OpenAPI document.
 */
export const workspaceRouter = router({
  business: businessRouter,
  customers: customersRouter,
  properties: propertiesRouter,
  leads: leadsRouter,
  jobs: jobsRouter,
  scheduling: schedulingRouter,
  team: teamRouter,
  estimates: estimatesRouter,
  invoices: invoicesRouter,
  payments: paymentsRouter,
  priceBook: priceBookRouter,
  agreements: agreementsRouter,
  reviews: reviewsRouter,
  reports: reportsRouter,
});
