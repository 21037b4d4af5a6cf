import { router } from '../../../trpc.ts';
import { getLead } from './get-lead.ts';
import { listLeadSources } from './list-lead-sources.ts';
import { listLeads } from './list-leads.ts';

export const leadsRouter = router({ listLeads, getLead, listLeadSources });
