import { appliedFilters, counted, firstNames } from '../../services/agent/summary.ts';
import type { SkillMeta } from '../../procedures/meta.ts';
import type { ListOpportunitiesOutput } from './list-opportunities.schema.ts';

/** government.listOpportunities as the A2A skill find-government-opportunities. */
export const findGovernmentOpportunitiesSkill: SkillMeta = {
  id: 'find-government-opportunities',
  name: 'Find government contract opportunities',
  description:
    'Searches the active (open, not yet due) US government contract opportunities, newest first. Arguments (all ' +
    'optional, combined with AND): `keyword` (search words over title, description, agency and solicitation number; ' +
    '"quoted phrases", OR and -exclusion work), `state` (two-letter code of the place of performance, e.g. TX), ' +
    '`naics` (an exact NAICS code, e.g. 238220), `category` (a trade such as hvac, plumbing, janitorial), `set_aside` ' +
    '(a set-aside code such as SBA, 8A, HZC, SDVOSBC, WOSB, or its description), `psc` (product service code ' +
    'prefix), `page` and `per_page` (1 to 50, default 20). Answers one page of opportunities with absolute URLs and ' +
    'a link to the next page (the list is not counted), exactly as GET /api/v1/government-opportunities/public does, ' +
    'and shares its per-client rate limit.',
  tags: ['government', 'contracts', 'opportunities', 'search'],
  examples: [
    'Open government contracts for janitorial work in Texas',
    'Opportunities with NAICS 238220',
    'Small business set-aside HVAC solicitations in California',
    'Contratos federales de limpieza en Florida',
  ],
  summarize: (output: ListOpportunitiesOutput, input?: Record<string, unknown>) => {
    const filters = appliedFilters(input, ['keyword', 'state', 'naics', 'category', 'set_aside', 'psc']);
    if (output.data.length === 0) {
      return output.meta.current_page > 1
        ? `No more open opportunities past page ${output.meta.current_page - 1} (${filters}).`
        : `No open opportunity matches (${filters}).`;
    }
    const more = output.meta.has_more ? '; more on the next page (links.next)' : '';
    return (
      `${counted(output.data.length, 'open opportunity', 'open opportunities')} on page ${output.meta.current_page} ` +
      `(${filters})${more}: ${firstNames(output.data.map((opportunity) => opportunity.title))}.`
    );
  },
};
