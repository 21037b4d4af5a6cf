import { expect } from 'chai';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { PUBLIC_KEYS } from './assertions.ts';

type Json = Record<string, any>;

describe('the blog in GET /api/openapi.json', () => {
  let document: Json;
  before(async () => {
    const response = await request<Json>(`${service().url}/api/openapi.json`);
    expect(response.status).to.equal(200);
    document = response.body;
  });

  const operation = (path: string) => {
    const item = document.paths[path];
    expect(item, path).to.exist;
    expect(item.get, `GET ${path}`).to.exist;
    return item.get as Json;
  };
  const parameters = (op: Json): Json =>
    Object.fromEntries((op.parameters as Json[]).map((parameter) => [parameter.name as string, parameter]));
  const success = (op: Json) => op.responses['200'].content['application/json'].schema as Json;

  it('lists GET /v1/blog/posts with its parameters, defaults and response', () => {
    const op = operation('/v1/blog/posts');
    const byName = parameters(op);
    expect(Object.keys(byName)).to.have.members(['page', 'per_page', 'locale', 'category', 'tag', 'q']);
    for (const parameter of Object.values(byName)) expect(parameter.in).to.equal('query');
    expect(byName.per_page.schema).to.include({ minimum: 1, maximum: 50, default: 15 });
    expect(byName.page.schema).to.include({ minimum: 1, default: 1 });
    expect(byName.locale.schema.enum).to.deep.equal(['en-US', 'es-US']);
    expect(byName.locale.schema.default).to.equal('en-US');
    expect(byName.q.schema.maxLength).to.equal(200);
    expect(op.description).to.contain('default 15');
    const schema = success(op);
    expect(schema.properties.data.items).to.deep.equal({ $ref: '#/components/schemas/BlogPostPublic' });
    expect(schema.properties.links).to.deep.equal({ $ref: '#/components/schemas/PaginationLinks' });
    expect(schema.properties.meta).to.deep.equal({ $ref: '#/components/schemas/ListPaginationMeta' });
    expect(op.tags).to.deep.equal(['Blog']);
  });

  it('lists GET /v1/blog/posts/categories and GET /v1/blog/sitemap', () => {
    const categories = operation('/v1/blog/posts/categories');
    expect(Object.keys(parameters(categories))).to.deep.equal(['locale']);
    expect(success(categories).properties.data.items).to.deep.equal({ $ref: '#/components/schemas/BlogCategoryRow' });
    const sitemap = operation('/v1/blog/sitemap');
    const byName = parameters(sitemap);
    expect(Object.keys(byName)).to.have.members(['page', 'per_page']);
    expect(byName.per_page.schema).to.include({ minimum: 1, maximum: 1000, default: 1000 });
    expect(sitemap.description).to.contain('default 1000');
    expect(success(sitemap).properties.data.items).to.deep.equal({ $ref: '#/components/schemas/BlogSitemapRow' });
    expect(success(sitemap).required).to.include.members(['data', 'meta', 'links']);
  });

  it('lists GET /v1/blog/posts/{slug} with its 404', () => {
    const op = operation('/v1/blog/posts/{slug}');
    const byName = parameters(op);
    expect(byName.slug).to.include({ in: 'path', required: true });
    expect(byName.locale.in).to.equal('query');
    expect(success(op).properties.data).to.deep.equal({ $ref: '#/components/schemas/BlogPostDetail' });
    expect(op.responses['404'].content['application/json'].schema).to.deep.equal({
      $ref: '#/components/schemas/ErrorMessage',
    });
  });

  it('lists the binary GET /v1/blog/media/{publicId}', () => {
    const op = operation('/v1/blog/media/{publicId}');
    const byName = parameters(op);
    expect(byName.publicId).to.include({ in: 'path', required: true });
    expect(byName.publicId.schema.format).to.equal('uuid');
    const ok = op.responses['200'];
    expect(ok.content['image/*'].schema).to.deep.equal({ type: 'string', format: 'binary' });
    expect(ok.headers).to.include.all.keys('ETag', 'Cache-Control', 'Content-Type');
    for (const status of ['400', '404']) {
      expect(op.responses[status].content['application/json'].schema).to.deep.equal({
        $ref: '#/components/schemas/ErrorMessage',
      });
    }
    expect(op.security).to.deep.equal([]);
  });

  it('names the resource schemas as the spec does, with exactly the spec’s fields', () => {
    const schemas = document.components.schemas;
    expect(Object.keys(schemas.BlogPostPublic.properties)).to.have.members(PUBLIC_KEYS);
    expect(schemas.BlogPostPublic.required).to.have.members(PUBLIC_KEYS);
    expect(Object.keys(schemas.BlogPostDetail.properties)).to.have.members([
      ...PUBLIC_KEYS,
      'body',
      'meta_description',
    ]);
    expect(Object.keys(schemas.BlogCategoryRow.properties)).to.have.members(['category', 'post_count']);
    expect(Object.keys(schemas.BlogSitemapRow.properties)).to.have.members([
      'slug',
      'locale',
      'published_at',
      'last_modified',
    ]);
    expect(schemas.BlogSitemapRow.properties.locale.enum).to.deep.equal(['en-US', 'es-US']);
  });

  it('documents the five public blog operations and none of the system procedures', () => {
    const blog = Object.entries(document.paths as Json)
      .filter(([path]) => path.startsWith('/v1/blog'))
      .flatMap(([path, item]) =>
        Object.entries(item as Json).map(([method, op]) => `${method} ${path} ${(op as Json).operationId}`),
      );
    expect(blog).to.have.members([
      'get /v1/blog/posts blog-listPosts',
      'get /v1/blog/posts/categories blog-listCategories',
      'get /v1/blog/posts/{slug} blog-getPost',
      'get /v1/blog/sitemap blog-getSitemap',
      'get /v1/blog/media/{publicId} blog-getMedia',
    ]);
    expect(JSON.stringify(document.paths)).to.not.match(/importPosts|blog-count/);
  });
});
