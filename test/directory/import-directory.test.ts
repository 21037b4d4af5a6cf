import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { UsageError } from '../../scripts/admin/command.ts';
import { readHeader } from '../../scripts/admin/directory-csv.ts';
import { importDirectoryFile, type DirectoryImportSummary } from '../../scripts/admin/import-directory.ts';
import { runAdmin } from '../helpers/admin-command.ts';
import { repoRoot } from '../helpers/child-service.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { LIST, directoryCaller } from './fixtures.ts';

type Json = Record<string, any>;

const HEADER = [
  'external_id',
  'name',
  'industry_key',
  'industry_label',
  'metro_key',
  'metro_label',
  'services',
  'phone',
  'website_url',
  'address',
  'postal_code',
  'city',
  'state',
  'latitude',
  'longitude',
  'rating',
  'review_count',
  'short_description',
  'description',
  'logo_url',
  'photo_urls',
  'status',
];

const directory = mkdtempSync(join(tmpdir(), 'fsa-directory-import-'));
let files = 0;

/** A CSV file in the run's temporary directory; every cell quoted (as a spreadsheet exports). */
function csvFile(rows: string[][], options: { bom?: boolean; header?: string[] } = {}): string {
  const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
  const text = [options.header ?? HEADER, ...rows].map((row) => row.map(quote).join(',')).join('\r\n');
  const file = join(directory, `import-${(files += 1)}.csv`);
  writeFileSync(file, `${options.bom ? '\uFEFF' : ''}${text}\r\n`);
  return file;
}

async function importFile(
  file: string,
  options: { dryRun?: boolean; report?: string } = {},
): Promise<DirectoryImportSummary> {
  return importDirectoryFile(directoryCaller(), {
    file,
    header: await readHeader(file),
    dryRun: options.dryRun ?? false,
    report: options.report,
  });
}

const detail = (slug: string) => request<{ data: Json }>(`${service().url}${LIST}/${slug}`);

describe('npm run admin -- import-directory', function () {
  this.timeout(120_000);
  const tag = `i${randomBytes(4).toString('hex')}`;
  /** A full row of the documented columns; `name` carries the run's tag, so the slug is the run's own. */
  const row = (id: string, overrides: Partial<Record<(typeof HEADER)[number], string>> = {}): string[] => {
    const values: Record<string, string> = {
      external_id: `${tag}-${id}`,
      name: `${tag} ${id} Heating`,
      industry_key: 'hvac',
      industry_label: 'HVAC',
      metro_key: 'austin',
      metro_label: 'Austin, TX',
      services: 'AC repair; Furnaces ;;AC repair',
      phone: '(512) 555-0100',
      website_url: 'https://example.com/',
      address: '1 Example Ave',
      postal_code: '78701',
      city: 'Austin',
      state: 'TX',
      latitude: '30.2672',
      longitude: '-97.7431',
      rating: '4.66',
      review_count: '12',
      short_description: 'Heating and cooling.',
      description: 'Line one.\nLine two, "quoted".',
      logo_url: `https://cdn.example.com/${id}/logo.png`,
      photo_urls: `https://cdn.example.com/${id}/1.jpg; /media/${id}/2.jpg\nhttps://cdn.example.com/${id}/1.jpg`,
      status: 'Published',
      ...overrides,
    };
    return HEADER.map((column) => values[column]!);
  };
  const slug = (id: string) => `${tag}-${id}-heating-austin`;

  after(async () => {
    await directoryCaller().directory.deleteListings({ slug_prefix: tag });
  });

  it('imports the example file of the documentation: every documented column reaches the public listing', async () => {
    const summary = await importFile(join(repoRoot, 'docs/examples/directory.csv'));
    expect(summary).to.include({ rows: 3, inserted: 3, updated: 0, unchanged: 0, rejected: 0 });
    // Rows written: the planner's statistics refreshed after them (the embedded database has no autovacuum).
    expect(summary.statistics?.tables).to.be.an('array');
    const response = await detail('bluebonnet-heating-and-air-austin');
    expect(response.status, response.text).to.equal(200);
    const listing = response.body.data;
    expect(listing).to.include({
      name: 'Bluebonnet Heating & Air',
      industry_key: 'hvac',
      industry_label: 'HVAC',
      metro_key: 'austin',
      phone: '(512) 555-0142',
      website_url: 'https://bluebonnet-air.example.com/',
      address: '1200 Example Ave',
      postal_code: '78701',
      city: 'Austin',
      state: 'TX',
      latitude: 30.2672,
      longitude: -97.7431,
      rating: 4.7,
      review_count: 128,
      short_description: 'Family-run heating and cooling since 1998.',
      claim_status: 'unclaimed',
      is_claimed: false,
      logo_url: 'https://cdn.example.com/directory/bluebonnet/logo.png',
    });
    expect(listing.services).to.deep.equal(['AC repair', 'Furnace installation', 'Duct cleaning']);
    expect(listing.photos.map((photo: Json) => [photo.kind, photo.url, photo.sort_order])).to.deep.equal([
      ['logo', 'https://cdn.example.com/directory/bluebonnet/logo.png', 0],
      ['photo', 'https://cdn.example.com/directory/bluebonnet/van.jpg', 1],
      ['photo', 'https://cdn.example.com/directory/bluebonnet/crew.jpg', 2],
    ]);
    // Whitespace separates photo URLs too; a draft is stored but not public.
    const second = await detail('lone-star-drain-works-austin');
    expect(second.body.data.photos).to.have.length(2);
    expect(second.body.data.logo_url).to.equal(null);
    expect((await detail('harbor-light-electric-san-diego')).status).to.equal(404);
    await directoryCaller().directory.deleteListings({
      slugs: ['bluebonnet-heating-and-air-austin', 'lone-star-drain-works-austin', 'harbor-light-electric-san-diego'],
    });
  });

  it('reads a BOM and quoted multi-line cells, trims cells, rounds the rating, and keeps slugs, photos and counts stable on re-import', async () => {
    const file = csvFile([row('a'), row('b')], { bom: true });
    expect(await importFile(file)).to.include({ rows: 2, inserted: 2, updated: 0, unchanged: 0, rejected: 0 });
    const first = (await detail(slug('a'))).body.data;
    expect(first).to.include({ rating: 4.7, short_description: 'Heating and cooling.', claim_status: 'unclaimed' });
    expect(first.services).to.deep.equal(['AC repair', 'Furnaces']);
    expect(first.photos.map((photo: Json) => photo.url)).to.deep.equal([
      'https://cdn.example.com/a/logo.png',
      'https://cdn.example.com/a/1.jpg',
      `${service().url}/media/a/2.jpg`,
    ]);

    expect(await importFile(file)).to.include({ inserted: 0, updated: 0, unchanged: 2, rejected: 0 });
    expect((await detail(slug('a'))).body.data).to.deep.equal(first);

    // An edited row: the slug stays although the name changed; a kept photo keeps its public id.
    const edited = csvFile([
      row('a', {
        name: `${tag} a Renamed`,
        rating: '',
        review_count: '0',
        photo_urls: `https://cdn.example.com/a/3.jpg;https://cdn.example.com/a/1.jpg`,
        logo_url: '',
      }),
      row('b'),
    ]);
    expect(await importFile(edited)).to.include({ inserted: 0, updated: 1, unchanged: 1, rejected: 0 });
    const renamed = (await detail(slug('a'))).body.data;
    expect(renamed).to.include({ name: `${tag} a Renamed`, rating: null, review_count: 0, logo_url: null });
    expect(renamed.photos.map((photo: Json) => [photo.url, photo.sort_order])).to.deep.equal([
      ['https://cdn.example.com/a/3.jpg', 1],
      ['https://cdn.example.com/a/1.jpg', 2],
    ]);
    const kept = (photos: Json[]) => photos.find((photo) => photo.url === 'https://cdn.example.com/a/1.jpg')?.public_id;
    expect(kept(renamed.photos)).to.equal(kept(first.photos));
    expect(await importFile(edited)).to.include({ updated: 0, unchanged: 2 });
  });

  it('gives a new listing whose name and city are taken the next free slug', async () => {
    const summary = await importFile(csvFile([row('c'), row('c2', { name: `${tag} c Heating` })]));
    expect(summary).to.include({ inserted: 2, rejected: 0 });
    expect((await detail(slug('c'))).body.data.name).to.equal(`${tag} c Heating`);
    expect((await detail(`${slug('c')}-2`)).status).to.equal(200);
  });

  it('rejects each bad row with its line and reasons, and imports the good rows beside them', async () => {
    const report = join(directory, 'rejected.csv');
    // One line per row, so row n of the file is line n + 1.
    const flat = (id: string, overrides: Parameters<typeof row>[1] = {}) =>
      row(id, { description: 'One line.', photo_urls: `https://cdn.example.com/${id}/1.jpg`, ...overrides });
    const file = csvFile([
      flat('good1'),
      flat('badurl', { photo_urls: 'ftp://cdn.example.com/x.jpg' }),
      flat('rating', { rating: '7' }),
      flat('noname', { name: '  ' }),
      flat('lat', { latitude: '95', longitude: '10' }),
      flat('nul', { short_description: 'bad\u0000byte' }),
      flat('industry', { industry_key: 'HVAC & Air', metro_label: '' }),
      flat('good1', { name: 'The same id again' }),
      flat('onlylat', { longitude: '' }),
      flat('good2', { description: 'Spans\r\nthree\nlines' }),
    ]);
    const summary = await importFile(file, { report });
    expect(summary).to.include({ rows: 10, inserted: 2, updated: 0, unchanged: 0, rejected: 8 });
    const reasons = Object.fromEntries(summary.rejected_rows.map((rejection) => [rejection.line, rejection.reason]));
    expect(reasons).to.have.all.keys('3', '4', '5', '6', '7', '8', '9', '10');
    expect(reasons[3]).to.equal(
      'photo_urls #1: expected an absolute http(s) URL or a path on the site starting with /',
    );
    expect(reasons[4]).to.match(/^rating: .*at most 5/);
    expect(reasons[5]).to.equal('name: is required');
    expect(reasons[6]).to.match(/^latitude: .*at most 90/);
    expect(reasons[7]).to.equal(
      'short_description: contains a control character (only tab and line breaks are allowed)',
    );
    expect(reasons[8]).to.equal(
      'industry_key: expected lower-case words joined by hyphens, e.g. hvac; metro_label: is required',
    );
    expect(reasons[9]).to.equal('external_id: duplicate of line 2 (the later row is rejected)');
    expect(reasons[10]).to.equal('longitude: latitude and longitude go together: give both or neither');
    expect(summary.rejected_rows.find((rejection) => rejection.line === 8)).to.include({
      external_id: `${tag}-industry`,
      column: 'industry_key',
    });
    expect(summary.top_reasons).to.have.length(5);
    expect((await detail(slug('good1'))).body.data.name).to.equal(`${tag} good1 Heating`);
    expect((await detail(slug('good2'))).status).to.equal(200);
    expect((await detail(slug('rating'))).status).to.equal(404);

    // The report: the file's columns, then line and reason, in the file's order; importable as it is.
    const records = parse(readFileSync(report), { columns: true }) as Record<string, string>[];
    expect(records.map((record) => record.line)).to.deep.equal(['3', '4', '5', '6', '7', '8', '9', '10']);
    expect(Object.keys(records[0]!)).to.deep.equal([...HEADER, 'line', 'reason']);
    expect(records[1]).to.include({ external_id: `${tag}-rating`, rating: '7', reason: reasons[4] });
    expect(records[4]!.short_description).to.equal('bad\u0000byte');
    expect((await readHeader(report)).columns.filter((column) => column !== null)).to.deep.equal(HEADER);
  });

  it('keeps the services, descriptions and photos of a claimed listing and never changes a claim status', async () => {
    const externalId = `${tag}-claimed`;
    await directoryCaller().directory.insertListings({
      listings: [
        {
          slug: `${tag}-claimed-listing`,
          external_id: externalId,
          name: 'Claimed Before',
          industry_key: 'hvac',
          industry_label: 'HVAC',
          metro_key: 'austin',
          metro_label: 'Austin, TX',
          services: ['Owner service'],
          claim_status: 'claimed',
          status: 'published',
          phone: null,
          website_url: null,
          address: null,
          postal_code: null,
          city: 'Austin',
          state: null,
          latitude: null,
          longitude: null,
          rating: null,
          review_count: 0,
          short_description: 'Written by the owner.',
          description: 'The owner wrote this.',
          photos: [
            {
              kind: 'photo',
              public_id: randomUUID(),
              url: 'https://cdn.example.com/owner.jpg',
              alt_text: null,
              mime_type: null,
              byte_size: null,
              original_filename: null,
              sort_order: 1,
            },
          ],
        },
      ],
    });
    const summary = await importFile(csvFile([row('claimed', { name: 'Claimed After' }), row('pending')]));
    expect(summary).to.include({ inserted: 1, updated: 1, rejected: 0 });
    const listing = (await detail(`${tag}-claimed-listing`)).body.data;
    expect(listing).to.include({
      name: 'Claimed After',
      phone: '(512) 555-0100',
      short_description: 'Written by the owner.',
      claim_status: 'claimed',
      is_claimed: true,
      logo_url: null,
    });
    expect(listing.services).to.deep.equal(['Owner service']);
    expect(listing.photos.map((photo: Json) => photo.url)).to.deep.equal(['https://cdn.example.com/owner.jpg']);
    // Only the business's fields differ: nothing to update.
    expect(
      await importFile(csvFile([row('claimed', { name: 'Claimed After', description: 'Another text' })])),
    ).to.include({ updated: 0, unchanged: 1 });
  });

  it('--dry-run checks and counts every row, then writes nothing', async () => {
    const file = csvFile([row('dry1'), row('dry2', { rating: '9' }), row('a', { phone: '(512) 555-0199' })]);
    const summary = await importFile(file, { dryRun: true });
    expect(summary).to.include({ dry_run: true, rows: 3, inserted: 1, updated: 1, rejected: 1 });
    expect(summary.statistics).to.equal(null);
    expect((await detail(slug('dry1'))).status).to.equal(404);
    expect((await detail(slug('a'))).body.data.phone).to.equal('(512) 555-0100');
  });

  it('refuses a header with an unknown column (naming the closest one), a repeated or a missing required one', async () => {
    const cases: Array<[string[], RegExp]> = [
      [
        HEADER.map((column) => (column === 'industry_key' ? 'Industy_Key' : column)),
        /unknown column "Industy_Key" .*\(did you mean "industry_key"\?\)/,
      ],
      [[...HEADER, 'NAME'], /the column "name" appears twice/],
      [
        HEADER.filter((column) => column !== 'metro_key' && column !== 'name'),
        /lacks the required columns name, metro_key/,
      ],
    ];
    for (const [header, message] of cases) {
      const file = csvFile([], { header });
      const error = await readHeader(file).catch((caught: unknown) => caught);
      expect(error, header.join()).to.be.instanceOf(UsageError);
      expect((error as Error).message).to.match(message);
    }
    // Upper-case names and the report's columns are accepted.
    const header = await readHeader(
      csvFile([], { header: [...HEADER.map((column) => column.toUpperCase()), 'reason'] }),
    );
    expect(header.columns.at(-1)).to.equal(null);
  });

  it('exits 2 with the usage for a bad header or a missing file, before opening the database', async () => {
    const nowhere = { DATABASE_URL: 'postgres://nowhere.invalid/db' };
    const unknown = csvFile([], { header: ['external_id', 'nmae'] });
    const [bad, missing] = await Promise.all([
      runAdmin(nowhere, ['import-directory', unknown]),
      runAdmin(nowhere, ['import-directory', join(directory, 'no-such.csv')]),
    ]);
    expect(bad.code).to.equal(2);
    expect(bad.stderr).to.contain('unknown column "nmae"').and.to.contain('Usage: npm run admin -- import-directory');
    expect(missing.code).to.equal(2);
    expect(missing.stderr).to.match(/cannot read .*no-such\.csv/);
  });
});
