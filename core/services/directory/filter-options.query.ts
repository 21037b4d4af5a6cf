import { runQuery, type SqlQuery, type SqlSource } from '../sql/query.ts';

/** How many postal codes filter-options lists: the most common ones (there can be thousands). */
const POSTAL_CODE_OPTION_LIMIT = 200;

interface DirectoryFilterOption {
  key: string;
  label: string;
  count: number;
}

export interface DirectoryFilterOptions {
  industries: DirectoryFilterOption[];
  metros: DirectoryFilterOption[];
  postal_codes: DirectoryFilterOption[];
}

interface DirectoryFilterOptionRow extends DirectoryFilterOption {
  facet: keyof DirectoryFilterOptions;
}

/** The listing that labels a key: the first in the key's index order (so one index probe). */
const DEFAULT_ORDER = 'x.rating desc nulls last, x.review_count desc, x.name collate "C", x.id';

/**
 * GET /v1/directory/public/filter-options: the values of each filter over the published listings
 * with how many listings each matches, most listings first, then by key (byte order). Counting
 * groups the keys of the partial filter indexes (index-only scans; the rows themselves are wide),
 * then one index probe per key fetches its label. Postal codes are labelled "78701 (Austin, TX)".
 * `now` is unused (kept for the builders' uniform signature).
 */
function buildDirectoryFilterOptionsQuery(postalCodeLimit: number = POSTAL_CODE_OPTION_LIMIT, now?: Date): SqlQuery {
  void now;
  const sql = `select 'industries' as facet, k.key collate "C" as key, k.count,
    (select x.industry_label from directory_listings x
      where x.industry_key = k.key and x.status = 'published' order by ${DEFAULT_ORDER} limit 1) as label
  from (select l.industry_key as key, count(*)::int as count from directory_listings l
    where l.status = 'published' group by l.industry_key) k
union all
select 'metros', k.key collate "C", k.count,
    (select x.metro_label from directory_listings x
      where x.metro_key = k.key and x.status = 'published' order by x.industry_key, ${DEFAULT_ORDER} limit 1)
  from (select l.metro_key as key, count(*)::int as count from directory_listings l
    where l.status = 'published' group by l.metro_key) k
union all
select 'postal_codes', k.key collate "C", k.count,
    k.key || coalesce((select ' (' || x.city || coalesce(', ' || x.state, '') || ')' from directory_listings x
      where x.postal_code = k.key and x.status = 'published' order by ${DEFAULT_ORDER} limit 1), '')
  from (select l.postal_code as key, count(*)::int as count from directory_listings l
    where l.status = 'published' and l.postal_code is not null
    group by l.postal_code order by count(*) desc, l.postal_code collate "C" limit ?) k
order by facet, count desc, key`;
  return { sql, params: [postalCodeLimit] };
}

/** The rows of buildDirectoryFilterOptionsQuery (already ordered) -> the three lists. */
function toDirectoryFilterOptions(rows: DirectoryFilterOptionRow[]): DirectoryFilterOptions {
  const options: DirectoryFilterOptions = { industries: [], metros: [], postal_codes: [] };
  for (const row of rows) options[row.facet].push({ key: row.key, label: row.label, count: row.count });
  return options;
}

/** Runs buildDirectoryFilterOptionsQuery with the default postal-code limit: the three lists. */
export async function directoryFilterOptions(source: SqlSource, now: Date): Promise<DirectoryFilterOptions> {
  return toDirectoryFilterOptions(
    await runQuery<DirectoryFilterOptionRow>(source, buildDirectoryFilterOptionsQuery(undefined, now)),
  );
}
