/**
 * One stored government opportunity, column for column (snake_case, as in the table and the API),
 * without the columns the database fills (id, search_vector, created_at). Timestamps are ISO 8601
 * strings. The demo-data generator (scripts/seed/demo-data) produces these and the insert query stores them.
 */
export interface GovernmentAddress {
  street: string | null;
  street_2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  formatted: string | null;
}

export interface GovernmentAward {
  amount: string | null;
  date: string | null;
  awardee_name: string | null;
  awardee_uei: string | null;
}

export interface GovernmentResourceLink {
  url: string | null;
  label: string;
  updated_at: string | null;
  kind: 'link' | 'file';
  resource_id: string | null;
}

/** Free-form upstream contact; these are the keys the registry usually sends. */
export type GovernmentPointOfContact = Record<string, unknown>;

export interface GovernmentOpportunityRecord {
  notice_id: string;
  slug: string;
  title: string;
  status: string;
  organization: string | null;
  place_city: string | null;
  /** Upper-case two-letter code. */
  place_state: string | null;
  naics_code: string | null;
  naics_display: string | null;
  classification_code: string | null;
  product_service_code: string | null;
  category: string | null;
  posted_date: string | null;
  response_deadline: string | null;
  set_aside: string | null;
  set_aside_code: string | null;
  is_actionable: boolean;
  solicitation_number: string | null;
  related_notice: string | null;
  contract_line_item_number: string | null;
  type: string | null;
  base_type: string | null;
  archive_type: string | null;
  archive_policy: string | null;
  archive_date: string | null;
  department: string | null;
  subtier: string | null;
  office: string | null;
  organization_type: string | null;
  organization_name: string | null;
  full_parent_path_name: string | null;
  source_link: string | null;
  description_cached: string | null;
  additional_info_link: string | null;
  place_of_performance: GovernmentAddress | null;
  office_address: GovernmentAddress | null;
  award: GovernmentAward | null;
  point_of_contact: GovernmentPointOfContact[];
  resource_links: GovernmentResourceLink[];
  trade_tags: string[];
  updated_at: string;
}

/** A NAICS or PSC code's human label, for the filter options. */
export interface GovernmentClassificationCode {
  kind: 'naics' | 'psc';
  code: string;
  label: string;
  description: string | null;
}
