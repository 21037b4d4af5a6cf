import { expect } from 'chai';
import { ZGovernmentOpportunityRecord } from '../../core/routers/government/insert-opportunities.schema.ts';
import { mapSamNotice, parseSamDate, samSlug } from '../../core/services/government/sam/map-notice.ts';
import { documentedNotice } from './sam-notices.ts';

const now = new Date('2026-06-01T12:00:00.000Z');

function mapped(overrides: Record<string, unknown> = {}) {
  return mapSamNotice({ ...documentedNotice(), ...overrides }, { now });
}

describe('SAM.gov notice mapping', () => {
  it('maps every field of the documented example', () => {
    const result = mapped();
    expect(result.warnings).to.deep.equal([]);
    expect(result.notice_id).to.equal('5b345bbb7127b91a3ad577b203fc6f68');
    const record = result.record!;
    expect(record).to.deep.equal({
      notice_id: '5b345bbb7127b91a3ad577b203fc6f68',
      slug: samSlug('Historic Office Renovation', '5b345bbb7127b91a3ad577b203fc6f68'),
      title: 'Historic Office Renovation',
      status: 'active',
      organization: 'PUBLIC BUILDINGS SERVICE',
      place_city: 'Milwaukee',
      place_state: 'WI',
      naics_code: '236220',
      naics_display: null,
      classification_code: 'Y',
      product_service_code: 'Y1JZ',
      category: 'general_construction',
      posted_date: '2026-05-04T13:41:13.000Z',
      response_deadline: '2026-07-20T20:00:00.000Z',
      set_aside: 'Total Small Business Set-Aside (FAR 19.5)',
      set_aside_code: 'SBA',
      is_actionable: true,
      solicitation_number: '47PF0018R0023',
      related_notice: null,
      contract_line_item_number: null,
      type: 'Combined Synopsis/Solicitation',
      base_type: 'Presolicitation',
      archive_type: 'autocustom',
      archive_policy: 'Automatic, on the specified archive date',
      archive_date: '2026-08-09T00:00:00.000Z',
      department: 'GENERAL SERVICES ADMINISTRATION',
      subtier: 'PUBLIC BUILDINGS SERVICE',
      office: 'PBS R5',
      organization_type: 'OFFICE',
      organization_name: 'PBS R5',
      full_parent_path_name: 'GENERAL SERVICES ADMINISTRATION.PUBLIC BUILDINGS SERVICE.PBS R5',
      source_link: 'https://sam.gov/opp/5b345bbb7127b91a3ad577b203fc6f68/view',
      description_cached: null,
      additional_info_link: null,
      place_of_performance: {
        street: '517 E Wisconsin Ave',
        street_2: null,
        city: 'Milwaukee',
        state: 'WI',
        zip: '53202',
        country: 'USA',
        formatted: '517 E Wisconsin Ave, Milwaukee, WI 53202, USA',
      },
      office_address: {
        street: null,
        street_2: null,
        city: 'CHICAGO',
        state: 'IL',
        zip: '60604',
        country: 'USA',
        formatted: 'CHICAGO, IL 60604, USA',
      },
      award: {
        amount: '800620',
        date: '2026-05-04T00:00:00.000Z',
        awardee_name: 'D.G. Beyer, Inc.',
        awardee_uei: '025114695AST',
      },
      point_of_contact: [
        {
          type: 'primary',
          full_name: 'Jesse L. Jones',
          title: 'Contracting Officer',
          email: 'jesse.jones@example.gov',
          phone: '2174941263',
          fax: null,
        },
      ],
      resource_links: [
        {
          url: 'https://sam.gov/api/prod/opps/v3/opportunities/resources/files/0a1b2c3d4e5f/download',
          label: 'Attachment 1',
          updated_at: null,
          kind: 'file',
          resource_id: '0a1b2c3d4e5f',
        },
        {
          url: 'https://example.gov/files/Site%20Plan.pdf',
          label: 'Site Plan.pdf',
          updated_at: null,
          kind: 'file',
          resource_id: 'Site Plan.pdf',
        },
      ],
      trade_tags: ['construction'],
      updated_at: now.toISOString(),
    });
    expect(ZGovernmentOpportunityRecord.parse(record)).to.deep.equal(record);
  });

  it('accepts every documented date format and refuses the rest', () => {
    expect(parseSamDate('2018-05-09 23:45:22+00')).to.equal('2018-05-09T23:45:22.000Z');
    expect(parseSamDate('2018-05-09 23:45:22-04')).to.equal('2018-05-10T03:45:22.000Z');
    expect(parseSamDate('2019-02-20T15:00:00-05:00')).to.equal('2019-02-20T20:00:00.000Z');
    expect(parseSamDate('2019-02-20T15:00:00.123456Z')).to.equal('2019-02-20T15:00:00.123Z');
    expect(parseSamDate('2019-02-20T15:00-0530')).to.equal('2019-02-20T20:30:00.000Z');
    expect(parseSamDate('2018-05-09')).to.equal('2018-05-09T00:00:00.000Z');
    expect(parseSamDate('05/09/2018')).to.equal('2018-05-09T00:00:00.000Z');
    for (const bad of ['2018-02-30', '2018-13-01', '2018-05-09 25:00:00', '09-05-2018', 'soon', '2018-05-09+99', ''])
      expect(parseSamDate(bad), bad).to.equal(null);
  });

  it('stores a malformed or unknown value as null with one warning naming the field', () => {
    const cases: Array<[Record<string, unknown>, string, (record: Record<string, unknown>) => unknown]> = [
      [{ postedDate: 'yesterday' }, 'postedDate', (r) => r.posted_date],
      [{ responseDeadLine: 20260720 }, 'responseDeadLine', (r) => r.response_deadline],
      [{ archiveDate: '2026-02-31' }, 'archiveDate', (r) => r.archive_date],
      [{ naicsCode: 'ABC' }, 'naicsCode', (r) => r.naics_code],
      [{ classificationCode: 'J0411' }, 'classificationCode', (r) => r.product_service_code],
      [{ typeOfSetAside: 'S B A' }, 'typeOfSetAside', (r) => r.set_aside_code],
      [{ archiveType: 'someday' }, 'archiveType', (r) => r.archive_type],
      [{ uiLink: 'javascript:alert(1)' }, 'uiLink', (r) => r.source_link],
      [{ additionalInfoLink: 'not a url' }, 'additionalInfoLink', (r) => r.additional_info_link],
      [{ solicitationNumber: 'X'.repeat(200) }, 'solicitationNumber', (r) => r.solicitation_number],
      [{ organizationType: { nested: true } }, 'organizationType', (r) => r.organization_type],
      [{ type: ['Solicitation'] }, 'type', (r) => r.type],
      [{ officeAddress: 'Chicago' }, 'officeAddress', (r) => r.office_address],
      [
        { award: { ...(documentedNotice().award as object), amount: 'lots' } },
        'award.amount',
        (r) => (r.award as Record<string, unknown>).amount,
      ],
      [{ placeOfPerformance: { state: { code: 'Wisconsin' } } }, 'placeOfPerformance.state.code', (r) => r.place_state],
      [
        { placeOfPerformance: { city: { code: '21000', name: '21000' } } },
        'placeOfPerformance.city.name',
        (r) => r.place_city,
      ],
    ];
    for (const [overrides, field, read] of cases) {
      const result = mapped(overrides);
      expect(
        result.warnings.map((warning) => warning.field),
        field,
      ).to.deep.equal([field]);
      expect(result.warnings[0]!.notice_id).to.equal('5b345bbb7127b91a3ad577b203fc6f68');
      expect(read(result.record as unknown as Record<string, unknown>), field).to.equal(null);
      expect(() => ZGovernmentOpportunityRecord.parse(result.record), field).not.to.throw();
    }
  });

  it('treats "active": "maybe" as not active, with a warning', () => {
    const result = mapped({ active: 'maybe' });
    expect(result.warnings.map((warning) => warning.field)).to.deep.equal(['active']);
    expect(result.record!.status).to.equal('inactive');
    expect(result.record!.is_actionable).to.equal(false);
  });

  it('derives status and is_actionable from active, archiveDate and the response deadline', () => {
    const status = (overrides: Record<string, unknown>) => {
      const record = mapped(overrides).record!;
      return [record.status, record.is_actionable];
    };
    expect(status({})).to.deep.equal(['active', true]);
    expect(status({ active: 'No' })).to.deep.equal(['inactive', false]);
    expect(status({ active: 'yes', responseDeadLine: '2026-05-20T15:00:00-05:00' })).to.deep.equal(['active', false]);
    expect(status({ responseDeadLine: null })).to.deep.equal(['active', true]);
    expect(status({ archiveDate: '2026-05-31' })).to.deep.equal(['archived', false]);
    expect(status({ active: 'No', archiveDate: '2026-05-31' })).to.deep.equal(['archived', false]);
  });

  it('makes NUL and control characters storable, cuts huge text, never throws', () => {
    const result = mapped({
      title: `Roof\u0000 repair\u0007 ${'x'.repeat(5_000)}`,
      description: `Line one\r\nline\u0000 two ${'y'.repeat(200_000)}`,
    });
    const record = result.record!;
    expect(record.title).not.to.include('\u0000');
    expect(record.title.length).to.be.at.most(1_000);
    expect(record.title.startsWith('Roof repair ')).to.equal(true);
    expect(record.description_cached!.startsWith('Line one\nline two')).to.equal(true);
    expect(record.description_cached!.length).to.equal(100_000);
    expect(result.warnings.map((warning) => `${warning.field}: ${warning.reason}`)).to.deep.equal([
      'title: contained NUL characters (removed)',
      'title: longer than 1000 characters (cut)',
      'description: contained NUL characters (removed)',
      'description: longer than 100000 characters (cut)',
    ]);
    expect(() => ZGovernmentOpportunityRecord.parse(record)).not.to.throw();
    expect(mapped({ officeAddress: { city: 'A\u0000B' } }).record!.office_address!.city).to.equal('A B');
  });

  it('stores nothing for a notice without a usable noticeId or title, as a warning', () => {
    for (const [raw, fields] of [
      [{ title: 'x' }, ['noticeId']],
      [{ noticeId: 'a b', title: 'x' }, ['noticeId', 'noticeId']],
      [{ noticeId: 'abc', title: '   ' }, ['title']],
      [{ noticeId: 'abc', title: {} }, ['title', 'title']],
      [null, ['noticeId']],
      ['a string', ['noticeId']],
    ] as Array<[unknown, string[]]>) {
      const result = mapSamNotice(raw, { now });
      expect(result.record, JSON.stringify(raw)).to.equal(null);
      expect(
        result.warnings.map((warning) => warning.field),
        JSON.stringify(raw),
      ).to.deep.equal(fields);
    }
  });

  it('survives any field of any type', () => {
    const values: unknown[] = [null, 0, -1.5, true, '', ' ', 'x', [], [1, 'a'], {}, { a: 1 }, Number.NaN];
    for (const key of Object.keys(documentedNotice())) {
      if (key === 'noticeId' || key === 'title') continue;
      for (const value of values) {
        const result = mapped({ [key]: value });
        expect(result.record, `${key}=${JSON.stringify(value)}`).not.to.equal(null);
        expect(
          () => ZGovernmentOpportunityRecord.parse(result.record),
          `${key}=${JSON.stringify(value)}`,
        ).not.to.throw();
      }
    }
  });

  it('gives a notice a stable slug from its title and notice id', () => {
    const first = mapped().record!.slug;
    expect(first).to.match(/^historic-office-renovation-[0-9a-f]{10}$/);
    expect(mapped().record!.slug).to.equal(first);
    expect(mapped({ noticeId: 'ffff45cded123fd8d6afd7c061138f0' }).record!.slug).not.to.equal(first);
    expect(samSlug('Año ÉLÉVATEUR -- Repair!', 'n1')).to.match(/^ano-elevateur-repair-[0-9a-f]{10}$/);
    expect(samSlug('!!!', 'n1')).to.match(/^notice-[0-9a-f]{10}$/);
    const long = samSlug('word '.repeat(100), 'n1');
    expect(long.length).to.be.at.most(80 + 11);
    expect(long).to.match(/^(word-)+[0-9a-f]{10}$/);
  });

  it('takes the category and trade tags from the PSC, then the NAICS code', () => {
    const trade = (naicsCode: unknown, classificationCode: unknown) => {
      const record = mapped({ naicsCode, classificationCode }).record!;
      return [record.category, record.trade_tags];
    };
    expect(trade('238220', 'J045')).to.deep.equal(['plumbing', ['plumbing', 'hvac']]);
    expect(trade('238220', 'Z2AA')).to.deep.equal(['hvac', ['hvac']]);
    expect(trade('561720', 's201')).to.deep.equal(['janitorial', ['janitorial']]);
    expect(trade('336350', '25')).to.deep.equal([null, []]);
  });
});
