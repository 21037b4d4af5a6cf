import type {
  GovernmentAddress,
  GovernmentClassificationCode,
  GovernmentOpportunityRecord,
  GovernmentResourceLink,
} from '../../../core/services/government/record.ts';
import {
  AGENCIES,
  ATTACHMENTS,
  AWARDEE_SUFFIXES,
  AWARDEE_WORDS,
  CONTACT_TITLES,
  FIRST_NAMES,
  LAST_NAMES,
  NAICS,
  NOTICE_TYPES,
  PLACES,
  PSC,
  SET_ASIDES,
  STREETS,
  TRADES,
} from './government-catalogue.ts';
import { SeededRandom } from './random.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * Row `index` of the deterministic sequence: its own generator is seeded from the index alone, so
 * any range can be regenerated and rows never depend on their neighbours. Dates are relative to
 * `now` (the moment of seeding): posted within the last 120 days (mostly recent), deadlines 1 to 60 days after
 * posting (so some have passed), none on special and award notices.
 */
export function generateGovernmentOpportunity(index: number, now: Date): GovernmentOpportunityRecord {
  const random = new SeededRandom(mix(index));
  const noticeId = random.uuid().replaceAll('-', '');
  const trade = random.pick(TRADES);
  const agency = random.pick(AGENCIES);
  const [officeCode, officeName] = random.pick(agency.offices);
  const [state, cities] = random.pick(PLACES);
  const [city, zipPrefix] = random.pick(cities);
  const facility = `${city} ${random.pick(agency.facilities)}`;
  const naicsCode = random.pick(trade.naics);
  const pscCode = random.pick(trade.psc);
  const setAside = random.pick(SET_ASIDES);
  const [type, actionable] = weighted(random, NOTICE_TYPES);
  const isAward = type === 'Award Notice';
  const work = random.pick(trade.titles);
  const title = `${work} - ${facility}`;

  // Skewed towards recent postings (squared uniform), as on the registry where most open notices are new.
  const ageHours = Math.floor(random.next() ** 2 * 120 * 24);
  const posted = new Date(now.getTime() - ageHours * HOUR_MS - random.int(0, 3599) * 1000);
  const hasDeadline = !isAward && type !== 'Special Notice';
  const deadline = hasDeadline
    ? new Date(posted.getTime() + random.int(1, 60) * DAY_MS + random.int(0, 23) * HOUR_MS)
    : null;
  const updated = new Date(Math.min(now.getTime(), posted.getTime() + random.int(0, 14 * 24) * HOUR_MS));
  const status = pickStatus(random, isAward);
  const archiveType = random.pick(['auto15', 'auto15', 'autocustom', 'manual']);
  const yy = String(posted.getUTCFullYear() % 100).padStart(2, '0');
  const solicitationNumber = `${officeCode}${yy}${random.pick(['Q', 'R', 'B'])}${String(random.int(1, 9999)).padStart(4, '0')}`;
  const zip = `${zipPrefix}${String(random.int(0, 99)).padStart(2, '0')}`;
  const placeOfPerformance = address(
    random.chance(0.6) ? `${random.int(10, 9999)} ${random.pick(STREETS)}` : null,
    city,
    state,
    zip,
  );

  return {
    notice_id: noticeId,
    slug: `${slugify(title)}-${state.toLowerCase()}-${noticeId.slice(0, 10)}`,
    title,
    status,
    organization: agency.organization,
    place_city: city,
    place_state: state,
    naics_code: naicsCode,
    naics_display: NAICS[naicsCode]?.label ?? null,
    classification_code: pscCode.slice(0, 1),
    product_service_code: pscCode,
    category: trade.category,
    posted_date: posted.toISOString(),
    response_deadline: deadline?.toISOString() ?? null,
    set_aside: setAside?.[1] ?? null,
    set_aside_code: setAside?.[0] ?? null,
    is_actionable: actionable,
    solicitation_number: solicitationNumber,
    related_notice: random.chance(0.15) ? random.uuid().replaceAll('-', '') : null,
    contract_line_item_number: random.chance(0.2) ? String(random.int(1, 9)).padStart(4, '0') : null,
    type,
    base_type: type === 'Solicitation' && random.chance(0.3) ? 'Presolicitation' : type,
    archive_type: archiveType,
    archive_policy: archivePolicy(archiveType),
    archive_date: archiveDate(archiveType, posted, deadline),
    department: agency.department,
    subtier: agency.subtier,
    office: officeName,
    organization_type: 'OFFICE',
    organization_name: officeName,
    full_parent_path_name: [agency.department, agency.subtier, officeName].join('.'),
    source_link: `https://api.sam.gov/prod/opportunities/v2/search?noticeid=${noticeId}`,
    description_cached: describe(random, trade.scope, work, facility, city, state, solicitationNumber, deadline),
    additional_info_link: random.chance(0.3) ? `${agency.website}/contracting` : null,
    place_of_performance: placeOfPerformance,
    office_address: address(
      `${random.int(100, 999)} ${random.pick(STREETS)}`,
      city,
      state,
      `${zipPrefix}${String(random.int(0, 99)).padStart(2, '0')}`,
    ),
    award: isAward ? award(random, posted) : null,
    point_of_contact: contacts(random, agency.website),
    resource_links: resourceLinks(random, posted, now),
    trade_tags: random.sample(trade.tags, random.int(1, Math.min(3, trade.tags.length))),
    updated_at: updated.toISOString(),
  };
}

/** Labels of every NAICS and PSC code the generator uses, for the filter options. */
export function governmentClassificationCodes(): GovernmentClassificationCode[] {
  return [
    ...Object.values(NAICS).map((entry) => ({ kind: 'naics' as const, ...entry })),
    ...Object.values(PSC).map((entry) => ({ kind: 'psc' as const, ...entry })),
  ];
}

/** Spreads consecutive indexes over the seed space (mulberry32 states of nearby seeds overlap). */
function mix(index: number): number {
  let h = (index + 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

function weighted<T extends readonly [unknown, unknown, number]>(random: SeededRandom, items: readonly T[]): T {
  const total = items.reduce((sum, item) => sum + item[2], 0);
  let roll = random.next() * total;
  for (const item of items) {
    roll -= item[2];
    if (roll < 0) return item;
  }
  return items[items.length - 1]!;
}

function pickStatus(random: SeededRandom, isAward: boolean): string {
  const roll = random.next();
  if (isAward) return roll < 0.5 ? 'active' : 'archived';
  if (roll < 0.82) return 'active';
  if (roll < 0.93) return 'archived';
  if (roll < 0.98) return 'cancelled';
  return 'inactive';
}

function archivePolicy(archiveType: string): string {
  if (archiveType === 'auto15') return 'Automatic, 15 days after the response date';
  if (archiveType === 'autocustom') return 'Automatic, on the specified archive date';
  return 'Manual archiving by the contracting office';
}

function archiveDate(archiveType: string, posted: Date, deadline: Date | null): string | null {
  if (archiveType === 'manual') return null;
  const base = deadline ?? posted;
  return new Date(base.getTime() + (archiveType === 'auto15' ? 15 : 30) * DAY_MS).toISOString();
}

function address(street: string | null, city: string, state: string, zip: string): GovernmentAddress {
  return {
    street,
    street_2: null,
    city,
    state,
    zip,
    country: 'USA',
    formatted: `${street ? `${street}, ` : ''}${city}, ${state} ${zip}, USA`,
  };
}

function describe(
  random: SeededRandom,
  scope: string[],
  work: string,
  facility: string,
  city: string,
  state: string,
  solicitationNumber: string,
  deadline: Date | null,
): string {
  const items = random.sample(scope, Math.min(3, scope.length));
  const period = random.pick([
    'a base year and four option years',
    'a twelve-month base period',
    'a one-time project completed within 120 days',
    'a base year and two option years',
  ]);
  const due = deadline
    ? `Quotes are due by ${deadline.toISOString().slice(0, 10)}.`
    : 'No response date is set for this notice.';
  return [
    `The Government intends to award a contract for ${work.toLowerCase()} at the ${facility} in ${city}, ${state}, under solicitation ${solicitationNumber}.`,
    `The work includes ${items.join('; ')}.`,
    `The period of performance is ${period}. A site visit will be offered; offerors must be registered in SAM.`,
    due,
  ].join('\n\n');
}

function award(random: SeededRandom, posted: Date) {
  const cents = random.int(2_500_000, 450_000_000);
  return {
    amount: (cents / 100).toFixed(2),
    date: new Date(posted.getTime() - random.int(1, 10) * DAY_MS).toISOString(),
    awardee_name: `${random.pick(AWARDEE_WORDS)} ${random.pick(AWARDEE_SUFFIXES)}`,
    awardee_uei: Array.from({ length: 12 }, () => random.pick([...'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'])).join(''),
  };
}

function contacts(random: SeededRandom, website: string): Array<Record<string, unknown>> {
  const domain = new URL(website).hostname.replace(/^www\./, '');
  return Array.from({ length: random.int(1, 2) }, (_, position) => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    return {
      type: position === 0 ? 'primary' : 'secondary',
      full_name: `${first} ${last}`,
      title: random.pick(CONTACT_TITLES),
      email: `${first}.${last}@${domain}`.toLowerCase(),
      phone: `${random.int(201, 989)}-555-${String(random.int(100, 9999)).padStart(4, '0')}`,
      fax: null,
    };
  });
}

function resourceLinks(random: SeededRandom, posted: Date, now: Date): GovernmentResourceLink[] {
  const files = random.sample(ATTACHMENTS, random.int(0, 3)).map((label): GovernmentResourceLink => {
    const resourceId = random.uuid().replaceAll('-', '');
    return {
      url: `https://sam.gov/api/prod/opps/v3/opportunities/resources/files/${resourceId}/download`,
      label,
      updated_at: new Date(Math.min(now.getTime(), posted.getTime() + random.int(0, 72) * HOUR_MS)).toISOString(),
      kind: 'file',
      resource_id: resourceId,
    };
  });
  if (random.chance(0.25)) {
    files.push({
      url: 'https://sam.gov/content/wage-determinations',
      label: 'Wage determinations',
      updated_at: null,
      kind: 'link',
      resource_id: null,
    });
  }
  return files;
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120)
    .replace(/-$/, '');
}
