// The migrations' record of these indexes (Migration20270125000000, 20270126000100, 20270126000200
// build them from it): applied migrations must not change, so a later index change is a new migration
// with its own definitions, never an edit here. orm/entities describe the current schema.
const ACTIVE = `where status = 'active'`;
const ORDER = 'posted_date desc nulls last, id desc';

/** The opportunity list's ordered indexes: name, and the filter column in front of the list order (if any). */
export const GOVERNMENT_LIST_INDEXES: Array<[name: string, filter: string | undefined]> = [
  ['government_opportunities_active_posted_idx', undefined],
  ['government_opportunities_active_state_idx', 'place_state'],
  ['government_opportunities_active_naics_idx', 'naics_code'],
  // text_pattern_ops: the psc filter is a prefix match (LIKE 'J04%'), which a default-collation index cannot serve.
  ['government_opportunities_active_psc_idx', 'product_service_code text_pattern_ops'],
  ['government_opportunities_active_category_idx', 'category'],
];

/** One of them, named `name`, carrying response_deadline (`covering`) or not (before Migration20270125000000). */
export function governmentListIndex(name: string, filter: string | undefined, covering: boolean): string {
  const columns = filter === undefined ? ORDER : `${filter}, ${ORDER}`;
  return `create index ${name} on government_opportunities (${columns}) ${covering ? 'include (response_deadline) ' : ''}${ACTIVE};`;
}
