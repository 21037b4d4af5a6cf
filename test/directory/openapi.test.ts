import { expect } from 'chai';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';

type Json = Record<string, any>;

describe('GET /api/openapi.json: the directory', () => {
  let document: Json;
  before(async () => {
    const response = await request<Json>(`${service().url}/api/openapi.json`);
    expect(response.status).to.equal(200);
    document = response.body;
  });

  const schema = (name: string) => document.components.schemas[name];
  const resolve = (node: Json) => (node.$ref ? schema(node.$ref.split('/').pop()) : node);

  it('lists the three public paths, the claims behind a workspace token, and no administrative one', () => {
    for (const path of ['/v1/directory/public', '/v1/directory/public/filter-options', '/v1/directory/public/{slug}']) {
      expect(document.paths[path], path).to.have.property('get');
      expect(document.paths[path].get.security).to.deep.equal([]);
    }
    const directoryPaths = Object.keys(document.paths).filter((path) => path.includes('directory'));
    expect(directoryPaths.filter((path) => path.startsWith('/v1/directory/public'))).to.have.length(3);
    for (const path of directoryPaths.filter((path) => !path.startsWith('/v1/directory/public'))) {
      expect(path, path).to.match(/^\/v1\/directory\/(claims|claimed-listings)\b/);
      for (const operation of Object.values(document.paths[path]) as Json[])
        expect(operation.security, path).to.be.an('array').that.is.not.empty;
    }
    expect(JSON.stringify(document)).not.to.match(
      /insertListings|deleteListings|upsertListings|listPendingClaims|approveClaim|rejectClaim|revokeClaim/,
    );
  });

  it('documents the list parameters exactly as the spec spells them', () => {
    const operation = document.paths['/v1/directory/public'].get;
    const parameters = Object.fromEntries(operation.parameters.map((parameter: Json) => [parameter.name, parameter]));
    expect(Object.keys(parameters)).to.have.members([
      'zip',
      'postal_code',
      'industry',
      'metro',
      'q',
      'min_rating',
      'min_reviews',
      'sort',
      'page',
      'per_page',
    ]);
    for (const parameter of Object.values(parameters) as Json[]) {
      expect(parameter.in).to.equal('query');
      expect(parameter.required ?? false, parameter.name).to.equal(false);
    }
    for (const name of ['zip', 'postal_code', 'industry', 'metro', 'q']) {
      expect(parameters[name].schema.type).to.equal('string');
      expect(parameters[name].schema.maxLength).to.be.a('number');
    }
    expect(parameters.min_rating.schema).to.include({ type: 'number', minimum: 0, maximum: 5 });
    expect(parameters.min_reviews.schema).to.include({ type: 'integer', minimum: 0 });
    expect(parameters.sort.schema.enum).to.deep.equal(['rating_desc', 'rating_asc', 'reviews_desc', 'name_asc']);
    expect(parameters.page.schema).to.include({ type: 'integer', minimum: 1, default: 1 });
    expect(parameters.per_page.schema).to.include({ type: 'integer', minimum: 1, maximum: 50, default: 20 });
    expect(operation.responses['400'].content['application/json'].schema.$ref).to.equal(
      '#/components/schemas/ErrorMessage',
    );
  });

  it('documents the list response: data of DirectoryListingPublic and the pagination meta, both required', () => {
    const body = document.paths['/v1/directory/public'].get.responses['200'].content['application/json'].schema;
    expect(body.required).to.include.members(['data', 'meta']);
    expect(body.properties.data.items.$ref).to.equal('#/components/schemas/DirectoryListingPublic');
    const meta = resolve(body.properties.meta);
    expect(Object.keys(meta.properties)).to.have.members([
      'current_page',
      'last_page',
      'per_page',
      'total',
      'total_is_estimate',
    ]);
    for (const name of ['current_page', 'last_page', 'per_page', 'total'])
      expect(meta.properties[name].type).to.equal('integer');
    expect(meta.properties.total_is_estimate.type).to.equal('boolean');
    expect(meta.required).to.include('total_is_estimate');
  });

  it("documents DirectoryListingPublic and DirectoryListingPhoto with the spec's required and optional fields", () => {
    const listing = schema('DirectoryListingPublic');
    expect(listing.required).to.have.members([
      'id',
      'slug',
      'name',
      'industry_key',
      'industry_label',
      'metro_key',
      'review_count',
      'services',
      'claim_status',
      'is_claimed',
      'logo_url',
      'photos',
    ]);
    expect(Object.keys(listing.properties)).to.have.members([
      ...listing.required,
      'phone',
      'website_url',
      'address',
      'postal_code',
      'city',
      'state',
      'latitude',
      'longitude',
      'rating',
      'short_description',
      'maps_url',
    ]);
    expect(listing.properties.claim_status.enum).to.deep.equal(['unclaimed', 'claim_pending', 'claimed']);
    expect(listing.properties.is_claimed.description).to.contain('claimed');
    expect(listing.properties.photos.items.$ref).to.equal('#/components/schemas/DirectoryListingPhoto');
    const uri = (node: Json) => JSON.stringify(node).includes('"format":"uri"');
    for (const field of ['logo_url', 'website_url', 'maps_url'])
      expect(uri(listing.properties[field]), field).to.equal(true);
    const photo = schema('DirectoryListingPhoto');
    expect(photo.required).to.have.members(['id', 'kind', 'public_id', 'url', 'sort_order']);
    expect(Object.keys(photo.properties)).to.have.members([
      ...photo.required,
      'alt_text',
      'mime_type',
      'byte_size',
      'original_filename',
    ]);
    expect(photo.properties.kind.enum).to.deep.equal(['photo', 'logo']);
    expect(photo.properties.public_id.format).to.equal('uuid');
    expect(photo.properties.url.format).to.equal('uri');
    expect(photo.properties.byte_size.type).to.equal('integer');
  });

  it('documents filter-options and the detail with its path parameter and 404', () => {
    const options = document.paths['/v1/directory/public/filter-options'].get;
    expect(options.parameters ?? []).to.deep.equal([]);
    const data = resolve(options.responses['200'].content['application/json'].schema.properties.data);
    expect(Object.keys(data.properties)).to.have.members(['industries', 'metros', 'postal_codes']);
    const option = resolve(data.properties.industries.items);
    expect(option.required).to.have.members(['key', 'label', 'count']);

    const detail = document.paths['/v1/directory/public/{slug}'].get;
    expect(detail.parameters).to.have.length(1);
    expect(detail.parameters[0]).to.include({ name: 'slug', in: 'path', required: true });
    expect(detail.parameters[0].schema.type).to.equal('string');
    expect(detail.responses['200'].content['application/json'].schema.properties.data.$ref).to.equal(
      '#/components/schemas/DirectoryListingPublic',
    );
    expect(detail.responses['404'].content['application/json'].schema.$ref).to.equal(
      '#/components/schemas/ErrorMessage',
    );
  });
});
