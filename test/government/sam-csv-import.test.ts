import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { SAM_CSV_COLUMNS, samCsvHeaderProblem, samCsvRowToNotice } from '../../core/services/government/sam/csv-row.ts';
import { mapSamNotice } from '../../core/services/government/sam/map-notice.ts';
import { importSamCsv, type SamCsvImportReport } from '../../scripts/admin/sam-csv.ts';
import { runAdmin } from '../helpers/admin-command.ts';
import { repoRoot } from '../helpers/child-service.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { freshDataDir } from '../helpers/test-service.ts';
import { deleteByNoticeIds, governmentCaller } from './fixture.ts';

const FIXTURE = join(repoRoot, 'test/fixtures/sam-opportunities.csv');
const LATIN1 = join(repoRoot, 'test/fixtures/sam-opportunities-latin1.csv');
const now = () => new Date('2026-06-01T12:00:00.000Z');
const id = (n: number) => `samcsv${String(n).padStart(26, '0')}`;

interface Detail {
  data: Record<string, unknown> & { slug: string; place_of_performance: Record<string, unknown> | null };
}

describe('SAM.gov CSV extract', () => {
  describe('rows (core/services/government/sam/csv-row.ts)', () => {
    it('accepts the documented header, with a BOM and in any order, and names what is wrong with another', () => {
      expect(samCsvHeaderProblem(['\uFEFFNoticeId', ...SAM_CSV_COLUMNS.slice(1)])).to.equal(null);
      expect(samCsvHeaderProblem(['Title', ' NoticeId '])).to.equal(null);
      expect(samCsvHeaderProblem(['NoticeId', 'Title', 'Colour'])).to.match(/^unknown column "Colour": expected/);
      expect(samCsvHeaderProblem(['NoticeId', 'Sol#'])).to.equal('missing column Title');
      expect(samCsvHeaderProblem(['NoticeId', 'Title', 'Title'])).to.equal('column "Title" appears more than once');
    });

    it('turns a row into the API v2 notice shape that mapSamNotice maps', () => {
      const notice = samCsvRowToNotice({
        NoticeId: ' abc123 ',
        Title: 'Paving',
        'Department/Ind.Agency': 'DEPARTMENT OF EXAMPLES',
        'Sub-Tier': 'EXAMPLE SERVICE',
        Office: 'REGION 1',
        PopCity: 'Springfield',
        PopState: 'IL',
        Award$: '$12,345.60',
        Awardee: 'Example Paving Inc',
        PrimaryContactFullname: 'Alex Example',
        SecondaryContactEmail: '',
        Link: 'https://sam.gov/opp/abc123/view',
        Description: 'Text\nitself',
      });
      expect(notice).to.deep.include({
        noticeId: 'abc123',
        title: 'Paving',
        uiLink: 'https://sam.gov/opp/abc123/view',
        description: 'Text\nitself',
      });
      expect(notice.award).to.deep.equal({
        number: undefined,
        date: undefined,
        amount: '12345.60',
        awardee: { name: 'Example Paving Inc' },
      });
      expect(notice.pointOfContact).to.have.length(1);
      const record = mapSamNotice(notice, { now: now() }).record!;
      expect(record.full_parent_path_name).to.equal('DEPARTMENT OF EXAMPLES.EXAMPLE SERVICE.REGION 1');
      expect(record.organization).to.equal('EXAMPLE SERVICE');
      expect(record.place_state).to.equal('IL');
      expect(record.award!.amount).to.equal('12345.60');
      expect(record.description_cached).to.equal('Text\nitself');
      expect(record.source_link).to.equal('https://sam.gov/opp/abc123/view');
    });
  });

  describe('import (npm run admin -- import-government-opportunities)', () => {
    const ids = [1, 2, 5, 6, 9].map(id);
    let report: SamCsvImportReport;
    before(async function () {
      this.timeout(60_000);
      await deleteByNoticeIds(ids);
      report = await importSamCsv(FIXTURE, { caller: governmentCaller(), dryRun: false, now });
    });
    after(async () => deleteByNoticeIds(ids));

    it('reads a UTF-8 file with a BOM, stores the good rows and reports the bad ones with their line', () => {
      expect(report).to.deep.include({
        encoding: 'utf-8',
        rows_read: 8,
        inserted: 4,
        updated: 0,
        unchanged: 1,
        skipped: 3,
      });
      expect(report.bad_rows.map((row) => [row.line, row.notice_id])).to.deep.equal([
        [7, null],
        [8, id(4)],
        [12, null],
      ]);
      expect(report.bad_rows[0]!.reason).to.match(/noticeId: missing/);
      expect(report.bad_rows[1]!.reason).to.equal('expected 47 fields, got 3');
      expect(report.bad_rows[2]!.reason).to.match(/^unreadable CSV: /);
      expect(report.warnings_by_field).to.deep.equal({
        noticeId: 1,
        postedDate: 1,
        active: 1,
        'placeOfPerformance.state.code': 1,
      });
    });

    it('serves the imported rows at GET /api/v1/government-opportunities/public/{slug}', async () => {
      const byId = await request<Detail>(`${service().url}/api/v1/government-opportunities/public/${id(1)}`);
      expect(byId.status).to.equal(200);
      const detail = byId.body.data;
      expect(detail.slug).to.match(/^hvac-preventive-maintenance-example-federal-building-[0-9a-f]{10}$/);
      const bySlug = await request<Detail>(`${service().url}/api/v1/government-opportunities/public/${detail.slug}`);
      expect(bySlug.status).to.equal(200);
      expect(bySlug.body.data).to.deep.include({
        notice_id: id(1),
        title: 'HVAC Preventive Maintenance - Example Federal Building',
        status: 'active',
        is_actionable: true,
        posted_date: '2026-05-04T17:41:13.123Z',
        response_deadline: '2026-07-20T20:00:00.000Z',
        category: 'hvac',
        trade_tags: ['hvac'],
        place_state: 'TX',
        place_city: 'Springfield',
        set_aside_code: 'SBA',
        department: 'DEPARTMENT OF EXAMPLES',
        office: 'EFS REGION 9',
        registry_public_url: `https://sam.gov/opp/${id(1)}/view`,
        description_cached:
          'The Government needs "quarterly" maintenance of air handlers.\n\nSecond paragraph, with a comma.\nThird line.',
      });
      const contacts = bySlug.body.data.point_of_contact as Array<Record<string, unknown>>;
      expect(contacts.map((contact) => contact.full_name)).to.deep.equal(['Alex Example', 'Sam Sample']);

      const inactive = await request<Detail>(`${service().url}/api/v1/government-opportunities/public/${id(2)}`);
      expect(inactive.body.data).to.deep.include({ status: 'inactive', is_actionable: false });
      const award = await request<Detail>(`${service().url}/api/v1/government-opportunities/public/${id(6)}`);
      expect(award.body.data.award).to.deep.equal({
        amount: '1234567.89',
        date: '2026-05-01T00:00:00.000Z',
        awardee_name: 'Example Lifts LLC',
        awardee_uei: null,
      });
      const warned = await request<Detail>(`${service().url}/api/v1/government-opportunities/public/${id(5)}`);
      expect(warned.body.data).to.deep.include({ posted_date: null, place_state: null, status: 'inactive' });
    });

    it('finds everything unchanged on a second import of the same file', async () => {
      const again = await importSamCsv(FIXTURE, { caller: governmentCaller(), dryRun: false, now });
      expect(again).to.deep.include({ inserted: 0, updated: 0, unchanged: 5, skipped: 3 });
    });

    it('reads a Windows-1252 file', async () => {
      const latin = await importSamCsv(LATIN1, { caller: governmentCaller(), dryRun: false, now });
      expect(latin).to.deep.include({ encoding: 'windows-1252', rows_read: 1, inserted: 1, skipped: 0 });
      const detail = await request<Detail>(`${service().url}/api/v1/government-opportunities/public/${id(9)}`);
      expect(detail.body.data).to.deep.include({
        title: 'Café Renovation – Niño Hall',
        description_cached: 'Façade work — phase 2.',
      });
      expect(detail.body.data.slug).to.match(/^cafe-renovation-nino-hall-[0-9a-f]{10}$/);
    });
  });

  describe('the admin command', function () {
    this.timeout(180_000);

    it('refuses a missing file and an unknown header with a usage error, before opening a database', async () => {
      const nowhere = { DATABASE_URL: 'postgres://nowhere.invalid/db' };
      const directory = mkdtempSync(join(tmpdir(), 'sam-csv-'));
      const wrong = join(directory, 'wrong.csv');
      writeFileSync(wrong, 'NoticeId,Title,Budget\nx,y,z\n');
      const [missing, unknown, none] = await Promise.all([
        runAdmin(nowhere, ['import-government-opportunities', join(directory, 'absent.csv')]),
        runAdmin(nowhere, ['import-government-opportunities', wrong]),
        runAdmin(nowhere, ['import-government-opportunities']),
      ]);
      expect(missing.code).to.equal(2);
      expect(missing.stderr).to.match(/absent\.csv: no such file/);
      expect(unknown.code).to.equal(2);
      expect(unknown.stderr).to.match(/unknown column "Budget": expected the columns of SAM\.gov's/);
      expect(none.code).to.equal(2);
      expect(none.stderr).to.match(/the CSV file is required/);
    });

    it('imports with --dry-run --json, writing nothing', async () => {
      const database = process.env.DATABASE_URL
        ? { DATABASE_URL: process.env.DATABASE_URL }
        : { DATA_DIR: freshDataDir() };
      const run = await runAdmin(database, ['import-government-opportunities', FIXTURE, '--dry-run', '--json']);
      expect(run.code, run.stderr).to.equal(0);
      const output = JSON.parse(run.stdout) as SamCsvImportReport;
      expect(output).to.deep.include({ dry_run: true, rows_read: 8, mapped: 5, inserted: 0, skipped: 3 });
    });
  });
});
