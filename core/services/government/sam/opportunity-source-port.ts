/**
 * SAM.gov's Get Opportunities Public API v2 as core needs it: one search page, one description. The
 * composition root builds the HTTP implementation (adapters/sam-gov/) from SAM_API_KEY and
 * SAM_API_BASE_URL; core never sees the key, the URL it is sent on, or HTTP.
 */
export interface OpportunitySearch {
  /** Inclusive UTC calendar days, YYYY-MM-DD (the implementation writes MM/dd/yyyy); at most one year apart. */
  postedFrom: string;
  postedTo: string;
  /** 1 to 1,000. */
  limit: number;
  offset: number;
  /** Procurement type codes (`o`, `k`, `p`...), sent as repeated `ptype`. */
  ptype?: readonly string[];
  /** `active`, `inactive`, `archived`, `cancelled` or `deleted`. */
  status?: string;
}

export interface OpportunityPage {
  totalRecords: number;
  /** The notices as parsed from JSON, unchecked (the mapping checks each one). */
  opportunitiesData: unknown[];
}

/**
 * Why a call failed, in words that never contain the key: `rejected` the key (401/403),
 * `refused` the request (another 4xx: a parameter SAM.gov does not accept), `unavailable` (429,
 * 5xx, a timeout, a connection error, a truncated or oversized answer, after the retries),
 * `forbidden_url` (a description link outside the configured origin: never requested),
 * `not_found` (a description SAM.gov does not have).
 */
export type SourceFailureKind = 'rejected' | 'refused' | 'unavailable' | 'forbidden_url' | 'not_found';

export class OpportunitySourceError extends Error {
  override name = 'OpportunitySourceError';
  constructor(
    readonly kind: SourceFailureKind,
    message: string,
  ) {
    super(message);
  }
}

export interface OpportunitySource {
  /** Where requests go (SAM_API_BASE_URL), for messages and the status: never carries the key. */
  readonly baseUrl: string;
  /** One page of the search; throws OpportunitySourceError. */
  searchPage(search: OpportunitySearch): Promise<OpportunityPage>;
  /**
   * One description, from a notice's `description` link, which must be on the base URL's origin
   * (otherwise OpportunitySourceError `forbidden_url`, before any request); the text as SAM.gov
   * serves it (JSON `{description}` unwrapped), not yet made storable.
   */
  description(url: string): Promise<string>;
  /** Whether `url` is one `description` would request (the base URL's origin, http(s)): checked before a request is reserved. */
  allowsDescriptionUrl(url: string): boolean;
}

/** What the composition root gives the sync (CoreServices.governmentSync). */
export interface GovernmentSyncSettings {
  /** The API; absent without SAM_API_KEY (the sync then fails with SAM_SYNC_NOT_CONFIGURED). */
  source?: OpportunitySource;
  /** SAM_DAILY_REQUEST_BUDGET. */
  dailyRequestBudget: number;
}
