import type { SkillMeta } from '../../trpc.ts';
import type { ListOpportunitiesOutput } from './list-opportunities.schema.ts';

/** government.listOpportunities as the A2A skill find-government-opportunities. */
export const findGovernmentOpportunitiesSkill: SkillMeta = {
  id: 'find-government-opportunities',
  name: 'Find government contract opportunities',
  description:
    'Searches the active (open, not yet due) US government contract opportunities. Filter by keyword, two-letter state ' +
    'code, NAICS code, trade category or set-aside. Answers one page of opportunities with absolute URLs and a link to ' +
    'the next page, exactly as GET /api/v1/government/opportunities does.',
  tags: ['government', 'contracts', 'opportunities', 'search'],
  examples: ['Open government contracts for janitorial work in Texas', 'Opportunities with NAICS 238220'],
  summarize: (output: ListOpportunitiesOutput) =>
    `Found ${output.data.length} open opportunit${output.data.length === 1 ? 'y' : 'ies'} on this page` +
    (output.meta.has_more ? '; more on the next page.' : '.'),
};
