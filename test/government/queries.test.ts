import { expect } from 'chai';
import {
  buildGovernmentOpportunityDetailQuery,
  toGovernmentOpportunityDetail,
} from '../../core/services/government/get-opportunity.query.ts';
import {
  buildGovernmentFilterOptionsQuery,
  toGovernmentFilterOptions,
} from '../../core/services/government/filter-options.query.ts';
import { buildGovernmentOpportunityListQuery } from '../../core/services/government/list-opportunities.query.ts';
import {
  buildGovernmentSitemapCountQuery,
  buildGovernmentSitemapQuery,
} from '../../core/services/government/sitemap.query.ts';
import { toNumberedPlaceholders, type SqlQuery } from '../../core/services/sql/query.ts';
import { escapeLike } from '../../core/services/sql/substring-search.ts';

/** The exported builders are what the benchmark runs on a bare pg client too: placeholders and parameters must agree. */
describe('government query builders', () => {
  const now = new Date('2026-06-01T00:00:00.000Z');
  const placeholders = (query: SqlQuery) => (query.sql.match(/\?/g) ?? []).length;

  it('give one `?` per parameter, for every combination of filters', () => {
    const filters = {
      keyword: "it's 100%_",
      state: 'TX',
      category: 'hvac',
      naics: '238220',
      psc: 'J0',
      set_aside: 'SBA',
    };
    const keys = Object.keys(filters) as Array<keyof typeof filters>;
    for (let mask = 0; mask < 1 << keys.length; mask += 1) {
      const input = {
        page: 2,
        per_page: 10,
        ...Object.fromEntries(keys.filter((_, bit) => mask & (1 << bit)).map((key) => [key, filters[key]])),
      };
      const query = buildGovernmentOpportunityListQuery(input, now);
      expect(placeholders(query), JSON.stringify(input)).to.equal(query.params.length);
      expect(query.params.slice(-2)).to.deep.equal([11, 10]);
    }
    for (const query of [
      buildGovernmentOpportunityDetailQuery({ identifier: 'x?' }),
      buildGovernmentSitemapQuery({ page: 1, per_page: 500 }, now),
      buildGovernmentSitemapCountQuery(now),
      buildGovernmentFilterOptionsQuery(now),
    ]) {
      expect(placeholders(query)).to.equal(query.params.length);
    }
  });

  it('escape LIKE wildcards and number placeholders for node-postgres', () => {
    expect(escapeLike('50%_off\\')).to.equal('50\\%\\_off\\\\');
    expect(toNumberedPlaceholders({ sql: 'a = ? and b = ? limit ?', params: [] }).sql).to.equal(
      'a = $1 and b = $2 limit $3',
    );
  });

  it('map rows without adding or losing fields', () => {
    const detail = toGovernmentOpportunityDetail(
      {
        id: 1,
        title: 't',
        status: 'active',
        notice_id: 'n1',
        slug: 's',
        organization: null,
        place_city: null,
        place_state: null,
        naics_code: null,
        naics_display: null,
        classification_code: null,
        product_service_code: null,
        category: null,
        posted_date: null,
        response_deadline: null,
        set_aside: null,
        is_actionable: false,
        solicitation_number: null,
        related_notice: null,
        contract_line_item_number: null,
        type: null,
        base_type: null,
        archive_type: null,
        archive_policy: null,
        department: null,
        subtier: null,
        office: null,
        organization_type: null,
        organization_name: null,
        full_parent_path_name: null,
        set_aside_code: null,
        source_link: 'https://example.gov/a',
        description_cached: null,
        additional_info_link: null,
        place_of_performance: null,
        office_address: null,
        award: null,
        point_of_contact: [],
        resource_links: [],
        trade_tags: [],
      },
      { site: 'https://api.example.com', base: 'https://api.example.com/api' },
    );
    expect(detail).to.include({
      registry_public_url: 'https://sam.gov/opp/n1/view',
      source_link: 'https://example.gov/a',
      fit_score: null,
      saved: false,
    });
    expect(
      toGovernmentFilterOptions([
        { kind: 'psc', code: 'J041', label: 'L', description: null, count: 2 },
        { kind: 'naics', code: '238220', label: 'N', description: 'D', count: 3 },
      ]),
    ).to.deep.equal({
      naics: [{ code: '238220', label: 'N', count: 3, description: 'D' }],
      psc: [{ code: 'J041', label: 'L', count: 2, description: null }],
    });
  });
});
