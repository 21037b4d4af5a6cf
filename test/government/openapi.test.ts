import { expect } from 'chai';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';

type Json = Record<string, any>;

const BASE = '/v1/government-opportunities/public';
const PUBLIC_FIELDS = [
  'id',
  'title',
  'status',
  'notice_id',
  'slug',
  'organization',
  'place_city',
  'place_state',
  'naics_code',
  'naics_display',
  'classification_code',
  'product_service_code',
  'category',
  'posted_date',
  'response_deadline',
  'set_aside',
  'is_actionable',
];
const DETAIL_EXTRA = [
  'solicitation_number',
  'related_notice',
  'contract_line_item_number',
  'type',
  'base_type',
  'archive_type',
  'archive_policy',
  'department',
  'subtier',
  'office',
  'organization_type',
  'organization_name',
  'full_parent_path_name',
  'set_aside_code',
  'source_link',
  'description_cached',
  'registry_public_url',
  'additional_info_link',
  'place_of_performance',
  'office_address',
  'award',
  'point_of_contact',
  'resource_links',
  'trade_tags',
  'fit_score',
  'saved',
];

describe('OpenAPI description of the government opportunity endpoints', () => {
  let document: Json;
  let schemas: Json;
  const operation = (path: string) => document.paths[path]?.get as Json;
  const parameters = (path: string): Json =>
    Object.fromEntries((operation(path).parameters as Json[]).map((p) => [p.name, p]));
  const dataSchema = (path: string) =>
    operation(path).responses['200'].content['application/json'].schema.properties.data;

  before(async () => {
    const response = await request<Json>(`${service().url}/api/openapi.json`);
    expect(response.status).to.equal(200);
    document = response.body;
    schemas = document.components.schemas;
  });

  it('lists the four GET paths, with 429 (and 404 on the detail) described by ErrorMessage, and nothing administrative', () => {
    for (const path of [BASE, `${BASE}/filter-options`, `${BASE}/sitemap`, `${BASE}/{identifier}`]) {
      expect(Object.keys(document.paths[path] ?? {}), path).to.deep.equal(['get']);
      const responses = operation(path).responses as Json;
      expect(responses['429'].content['application/json'].schema).to.deep.equal({
        $ref: '#/components/schemas/ErrorMessage',
      });
      expect(operation(path).security).to.deep.equal([]);
    }
    expect(operation(`${BASE}/{identifier}`).responses['404'].content['application/json'].schema).to.deep.equal({
      $ref: '#/components/schemas/ErrorMessage',
    });
    expect(operation(`${BASE}/filter-options`).parameters ?? []).to.deep.equal([]);
    const paths = Object.keys(document.paths).join(' ');
    expect(paths).not.to.match(/seed|insert|count|refresh/i);
  });

  it('documents the list parameters as the spec spells them', () => {
    const params = parameters(BASE);
    expect(Object.keys(params)).to.have.members([
      'page',
      'per_page',
      'keyword',
      'state',
      'category',
      'naics',
      'psc',
      'set_aside',
    ]);
    for (const param of Object.values(params)) expect(param.in).to.equal('query');
    expect(params.page.schema).to.include({ type: 'integer', minimum: 1, default: 1 });
    expect(params.per_page.schema).to.include({ type: 'integer', minimum: 1, maximum: 50, default: 20 });
    expect(params.state.schema).to.include({ type: 'string', minLength: 2, maxLength: 2 });
    for (const name of ['keyword', 'category', 'naics', 'psc', 'set_aside']) {
      expect(params[name].schema.type, name).to.equal('string');
      expect(params[name].schema.maxLength, name).to.be.a('number');
      expect(params[name].schema.description, name).to.be.a('string').and.not.empty;
    }
  });

  it('documents the sitemap paging (1..1000, default 500) and the required identifier', () => {
    const sitemap = parameters(`${BASE}/sitemap`);
    expect(Object.keys(sitemap)).to.have.members(['page', 'per_page']);
    expect(sitemap.per_page.schema).to.include({ type: 'integer', minimum: 1, maximum: 1000, default: 500 });
    const detail = parameters(`${BASE}/{identifier}`);
    expect(detail.identifier).to.include({ in: 'path', required: true });
    expect(detail.identifier.schema.type).to.equal('string');
  });

  it("describes the responses with the spec's component schemas", () => {
    expect(dataSchema(BASE)).to.deep.equal({
      type: 'array',
      items: { $ref: '#/components/schemas/GovernmentOpportunityPublic' },
    });
    expect(dataSchema(`${BASE}/{identifier}`)).to.deep.equal({
      $ref: '#/components/schemas/GovernmentOpportunityDetail',
    });
    expect(dataSchema(`${BASE}/filter-options`)).to.deep.equal({
      $ref: '#/components/schemas/GovernmentOpportunityFilterOptions',
    });
    expect(dataSchema(`${BASE}/sitemap`)).to.deep.equal({
      type: 'array',
      items: { $ref: '#/components/schemas/GovernmentOpportunitySitemapEntry' },
    });
    const sitemapMeta = operation(`${BASE}/sitemap`).responses['200'].content['application/json'].schema.properties
      .meta;
    expect(sitemapMeta).to.deep.equal({ $ref: '#/components/schemas/PaginationMeta' });
  });

  it('gives GovernmentOpportunityPublic exactly the spec 2.2 fields, id, title and status required', () => {
    const item = schemas.GovernmentOpportunityPublic;
    expect(Object.keys(item.properties)).to.have.members(PUBLIC_FIELDS);
    expect(item.required).to.have.members(['id', 'title', 'status']);
    expect(item.properties.id.type).to.equal('integer');
    expect(item.properties.is_actionable.type).to.equal('boolean');
    expect(JSON.stringify(item.properties.posted_date)).to.contain('date-time');
    expect(item.properties.notice_id.type).to.deep.equal(['string', 'null']);
  });

  it('gives GovernmentOpportunityDetail the public fields plus the spec 2.3 fields', () => {
    const detail = schemas.GovernmentOpportunityDetail;
    expect(Object.keys(detail.properties)).to.have.members([...PUBLIC_FIELDS, ...DETAIL_EXTRA]);
    expect(detail.required).to.have.members(['id', 'title', 'status']);
    const address = schemas.GovernmentOpportunityAddress;
    expect(Object.keys(address.properties)).to.have.members([
      'street',
      'street_2',
      'city',
      'state',
      'zip',
      'country',
      'formatted',
    ]);
    expect(Object.keys(schemas.GovernmentOpportunityAward.properties)).to.have.members([
      'amount',
      'date',
      'awardee_name',
      'awardee_uei',
    ]);
    const link = schemas.GovernmentOpportunityResourceLink;
    expect(Object.keys(link.properties)).to.have.members(['url', 'label', 'updated_at', 'kind', 'resource_id']);
    expect(link.properties.kind.enum).to.have.members(['link', 'file']);
    expect(schemas.GovernmentOpportunityPointOfContact.additionalProperties).to.not.equal(false);
  });

  it('gives the sitemap entry and the filter options their spec fields', () => {
    const entry = schemas.GovernmentOpportunitySitemapEntry;
    expect(Object.keys(entry.properties)).to.have.members([
      'slug',
      'posted_date',
      'last_modified',
      'response_deadline',
    ]);
    expect(entry.required).to.deep.equal(['slug']);
    expect(Object.keys(schemas.GovernmentOpportunityFilterOptions.properties)).to.have.members(['naics', 'psc']);
    const option = schemas.GovernmentOpportunityFilterOption;
    expect(Object.keys(option.properties)).to.have.members(['code', 'label', 'count', 'description']);
    expect(option.required).to.have.members(['code', 'label', 'count']);
  });
});
