import { createHash } from 'node:crypto';
import { storableText } from '../../sql/storable-text.ts';
import type {
  GovernmentAddress,
  GovernmentAward,
  GovernmentOpportunityRecord,
  GovernmentPointOfContact,
  GovernmentResourceLink,
} from '../record.ts';
import { tradeOf } from './trades.ts';

/**
 * One notice of SAM.gov's Get Opportunities Public API v2 (an element of `opportunitiesData`, as
 * parsed from JSON) mapped to the stored opportunity record. The notice is untrusted: every field
 * may be missing, null, of another type or in another format. A value that cannot be used becomes
 * null in the record and one warning naming the upstream field; only a notice without a usable
 * `noticeId` or `title` has no record (itself a warning). Unknown keys are ignored. Pure: no I/O,
 * the clock is `options.now`.
 *
 * The CSV extract's rows take the same path (csv-row.ts turns a row into this shape), so both
 * sources store the same record for the same notice.
 */

export interface SamWarning {
  notice_id: string | null;
  /** The upstream field, dotted for nested ones (`placeOfPerformance.state.code`). */
  field: string;
  reason: string;
}

export interface SamMapping {
  notice_id: string | null;
  record: GovernmentOpportunityRecord | null;
  warnings: SamWarning[];
}

/** Longest single-line text kept (titles are cut to it; other fields over it become null). */
const LINE_MAX = 1_000;
/** Longest description text kept (cut, with a warning), as the insert procedure accepts. */
const DESCRIPTION_MAX = 100_000;
const URL_MAX = 2_000;
const SLUG_WORDS_MAX = 80;
const CONTACTS_MAX = 20;
const RESOURCE_LINKS_MAX = 200;

const NOTICE_ID = /^[\w.-]{1,64}$/;
const NAICS = /^\d{2,6}$/;
const PSC = /^[A-Z0-9]{1,4}$/;
const SET_ASIDE_CODE = /^[A-Za-z0-9]{1,32}$/;
const STATE = /^[A-Z]{2}$/;
const UEI = /^[A-Z0-9]{12}$/;
const AMOUNT = /^-?\d{1,15}(?:\.\d{1,10})?$/;
const DIGITS = /^\d+$/;
// C0 and C1 controls and DEL (NUL included); tab, line feed and carriage return are handled apart.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const CONTROL = /[\u0000-\u0008\v\f\u000E-\u001F\u007F-\u009F]/g;
const SPACES = /\s+/g;
/**
 * The dates SAM.gov sends: `2018-05-09`, `2018-05-09 23:45:22+00`, `2019-02-20T15:00:00-05:00`,
 * fractions of a second, `Z`; and `MM/dd/yyyy` (the API's request format, seen in extracts).
 */
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;
const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** The set-aside codes GSA documents, for a notice that sends the code without its description. */
const SET_ASIDES: Readonly<Record<string, string>> = {
  SBA: 'Total Small Business Set-Aside (FAR 19.5)',
  SBP: 'Partial Small Business Set-Aside (FAR 19.5)',
  '8A': '8(a) Set-Aside (FAR 19.8)',
  '8AN': '8(a) Sole Source (FAR 19.8)',
  HZC: 'Historically Underutilized Business (HUBZone) Set-Aside (FAR 19.13)',
  HZS: 'Historically Underutilized Business (HUBZone) Sole Source (FAR 19.13)',
  SDVOSBC: 'Service-Disabled Veteran-Owned Small Business (SDVOSB) Set-Aside (FAR 19.14)',
  SDVOSBS: 'Service-Disabled Veteran-Owned Small Business (SDVOSB) Sole Source (FAR 19.14)',
  WOSB: 'Women-Owned Small Business (WOSB) Program Set-Aside (FAR 19.15)',
  WOSBSS: 'Women-Owned Small Business (WOSB) Program Sole Source (FAR 19.15)',
  EDWOSB: 'Economically Disadvantaged WOSB (EDWOSB) Program Set-Aside (FAR 19.15)',
  EDWOSBSS: 'Economically Disadvantaged WOSB (EDWOSB) Program Sole Source (FAR 19.15)',
  LAS: 'Local Area Set-Aside (FAR 26.2)',
  IEE: 'Indian Economic Enterprise (IEE) Set-Aside (specific to Department of Interior)',
  ISBEE: 'Indian Small Business Economic Enterprise (ISBEE) Set-Aside (specific to Department of Interior)',
  BICIV: 'Buy Indian Set-Aside (specific to Department of Health and Human Services, Indian Health Services)',
  VSA: 'Veteran-Owned Small Business Set-Aside (specific to Department of Veterans Affairs)',
  VSS: 'Veteran-Owned Small Business Sole source (specific to Department of Veterans Affairs)',
};

/** archiveType -> archive_policy, in words. */
const ARCHIVE_POLICIES: Readonly<Record<string, string>> = {
  auto15: 'Automatic, 15 days after the response date',
  auto30: 'Automatic, 30 days after the response date',
  autocustom: 'Automatic, on the specified archive date',
  manual: 'Manual archiving by the contracting office',
};

/** The keys of a point of contact that are kept (upstream name -> stored name); the rest is dropped. */
const CONTACT_KEYS: ReadonlyArray<readonly [string, string]> = [
  ['type', 'type'],
  ['fullName', 'full_name'],
  ['title', 'title'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['fax', 'fax'],
];

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads fields of one notice, collecting a warning for each value it cannot use. */
class NoticeReader {
  readonly warnings: SamWarning[] = [];
  noticeId: string | null = null;

  warn(field: string, reason: string): null {
    this.warnings.push({ notice_id: this.noticeId, field, reason });
    return null;
  }

  /** A string (numbers accepted as their decimal text), or undefined when absent, null or empty. */
  raw(value: unknown, field: string): string | undefined | null {
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value !== 'string') return this.warn(field, `expected a string, got ${describeType(value)}`);
    return value;
  }

  /** Single-line text: controls and runs of white space become one space, NUL included (warned). */
  line(value: unknown, field: string, options: { max?: number; cut?: boolean } = {}): string | null {
    const text = this.raw(value, field);
    if (text === undefined || text === null) return null;
    if (text.includes('\u0000')) this.warn(field, 'contained NUL characters (removed)');
    const clean = storableText(text.replace(CONTROL, ' ').replace(SPACES, ' ').trim(), Number.MAX_SAFE_INTEGER);
    if (clean === '') return null;
    const max = options.max ?? LINE_MAX;
    if (clean.length > max) {
      if (!options.cut) return this.warn(field, `longer than ${max} characters`);
      this.warn(field, `longer than ${max} characters (cut)`);
      return storableText(clean, max).trimEnd();
    }
    return clean;
  }

  /** Multi-line text: line breaks and tabs kept (CR LF as LF), other controls removed. */
  text(value: unknown, field: string, max: number): string | null {
    const text = this.raw(value, field);
    if (text === undefined || text === null) return null;
    if (text.includes('\u0000')) this.warn(field, 'contained NUL characters (removed)');
    const clean = text.replaceAll('\r\n', '\n').replaceAll('\r', '\n').replace(CONTROL, '').trim();
    if (clean === '') return null;
    if (clean.length > max) this.warn(field, `longer than ${max} characters (cut)`);
    return storableText(clean, max);
  }

  /** A value that must match `pattern` after trimming (and upper-casing when asked). */
  code(value: unknown, field: string, pattern: RegExp, options: { upper?: boolean } = {}): string | null {
    const text = this.raw(value, field);
    if (text === undefined || text === null) return null;
    let code = text.trim();
    if (options.upper) code = code.toUpperCase();
    if (code === '') return null;
    if (!pattern.test(code)) return this.warn(field, `unexpected format: ${quote(code)}`);
    return code;
  }

  /** An absolute http(s) URL. */
  url(value: unknown, field: string): string | null {
    const text = this.line(value, field, { max: URL_MAX });
    if (text === null) return null;
    const compact = text.replaceAll(' ', '');
    let url: URL;
    try {
      url = new URL(compact);
    } catch {
      return this.warn(field, `not a URL: ${quote(text)}`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      return this.warn(field, `not an http(s) URL: ${quote(text)}`);
    return url.toString();
  }

  /** A timestamp in one of the formats SAM.gov sends, as ISO 8601 (UTC); a date alone is midnight UTC. */
  date(value: unknown, field: string): string | null {
    const text = this.raw(value, field);
    if (text === undefined || text === null) return null;
    const trimmed = text.trim();
    if (trimmed === '') return null;
    const iso = parseSamDate(trimmed);
    return iso ?? this.warn(field, `not a date in a documented format: ${quote(trimmed)}`);
  }

  object(value: unknown, field: string): Json | null {
    if (value === undefined || value === null) return null;
    if (!isObject(value)) return this.warn(field, `expected an object, got ${describeType(value)}`);
    return value;
  }

  array(value: unknown, field: string): unknown[] {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      this.warn(field, `expected an array, got ${describeType(value)}`);
      return [];
    }
    return value;
  }
}

function describeType(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return `a ${typeof value}`;
}

/** A value in a warning: at most 60 characters, controls shown as spaces. */
function quote(text: string): string {
  const shown = text.replace(CONTROL, ' ');
  return JSON.stringify(shown.length > 60 ? `${shown.slice(0, 60)}...` : shown);
}

/** One of SAM.gov's date formats as an ISO 8601 UTC timestamp, or null. Exported for the CSV tests. */
export function parseSamDate(text: string): string | null {
  const us = US_DATE.exec(text);
  if (us) return utc(Number(us[3]), Number(us[1]), Number(us[2]), 0, 0, 0, 0, 0);
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  let offsetMinutes = 0;
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const hours = Number(digits.slice(0, 2));
    const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
    if (digits.length !== 2 && digits.length !== 4) return null;
    if (hours > 14 || minutes > 59) return null;
    offsetMinutes = sign * (hours * 60 + minutes);
  }
  const millis = fraction ? Number(fraction.slice(0, 3).padEnd(3, '0')) : 0;
  return utc(
    Number(year),
    Number(month),
    Number(day),
    Number(hour ?? 0),
    Number(minute ?? 0),
    Number(second ?? 0),
    millis,
    offsetMinutes,
  );
}

function utc(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  millis: number,
  offsetMinutes: number,
): string | null {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59)
    return null;
  const local = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  // Date.UTC rolls 31 February over into March; the calendar day must survive the round trip.
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return null;
  return new Date(local - offsetMinutes * 60_000).toISOString();
}

/**
 * The notice's stable slug: the title's lower-case words (at most 80 characters, cut at a word) and
 * ten hex digits of the notice id's SHA-256, so the same notice always gets the same slug and two
 * notices with one title get different ones. The upsert never changes a stored slug, so a renamed
 * notice keeps its address.
 */
export function samSlug(title: string, noticeId: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_WORDS_MAX + 1);
  let stem = words.length > SLUG_WORDS_MAX ? words.slice(0, words.lastIndexOf('-') + 1) : words;
  // Runs of other characters became one hyphen each, so at most one leads and one trails.
  stem = stem.replace(/^-/, '').replace(/-$/, '');
  const suffix = createHash('sha256').update(noticeId).digest('hex').slice(0, 10);
  return `${stem || 'notice'}-${suffix}`;
}

export function mapSamNotice(raw: unknown, options: { now: Date }): SamMapping {
  const reader = new NoticeReader();
  if (!isObject(raw)) {
    reader.warn('noticeId', `the notice is ${describeType(raw)}, not an object`);
    return { notice_id: null, record: null, warnings: reader.warnings };
  }
  const noticeId = reader.code(raw.noticeId, 'noticeId', NOTICE_ID);
  reader.noticeId = noticeId;
  const title = reader.line(raw.title, 'title', { cut: true });
  if (noticeId === null || title === null) {
    if (noticeId === null && reader.warnings.length === 0) reader.warn('noticeId', 'missing: the notice is not stored');
    else if (noticeId === null) reader.warn('noticeId', 'unusable: the notice is not stored');
    if (title === null) reader.warn('title', 'missing or empty: the notice is not stored');
    return { notice_id: noticeId, record: null, warnings: reader.warnings };
  }

  const organization = mapOrganization(reader, raw);
  const naicsCode = reader.code(raw.naicsCode ?? firstOf(raw.naicsCodes), 'naicsCode', NAICS);
  const psc = reader.code(raw.classificationCode, 'classificationCode', PSC, { upper: true });
  const trade = tradeOf(naicsCode, psc);
  const setAsideCode = reader.code(raw.typeOfSetAside, 'typeOfSetAside', SET_ASIDE_CODE);
  const setAside =
    reader.line(raw.typeOfSetAsideDescription, 'typeOfSetAsideDescription') ??
    (setAsideCode ? (SET_ASIDES[setAsideCode.toUpperCase()] ?? null) : null);

  const postedDate = reader.date(raw.postedDate, 'postedDate');
  const responseDeadline = reader.date(raw.responseDeadLine, 'responseDeadLine');
  const archiveDate = reader.date(raw.archiveDate, 'archiveDate');
  let archiveType = reader.line(raw.archiveType, 'archiveType');
  if (archiveType !== null && !(archiveType in ARCHIVE_POLICIES))
    archiveType = reader.warn('archiveType', `unknown archive type: ${quote(archiveType)}`);

  const placeOfPerformance = mapPlace(reader, raw.placeOfPerformance, 'placeOfPerformance');
  const { status, isActionable } = mapStatus(reader, raw.active, archiveDate, responseDeadline, options.now);
  const description = mapDescription(reader, raw.description);

  const record: GovernmentOpportunityRecord = {
    notice_id: noticeId,
    slug: samSlug(title, noticeId),
    title,
    status,
    organization: organization.subtier ?? organization.department,
    place_city: placeOfPerformance?.city ?? null,
    place_state: placeOfPerformance?.state ?? null,
    naics_code: naicsCode,
    // Filled by the upsert from the stored classification codes (the mapping reads no table).
    naics_display: null,
    classification_code: psc ? psc.slice(0, 1) : null,
    product_service_code: psc,
    category: trade.category,
    posted_date: postedDate,
    response_deadline: responseDeadline,
    set_aside: setAside,
    set_aside_code: setAsideCode,
    is_actionable: isActionable,
    solicitation_number: reader.line(raw.solicitationNumber, 'solicitationNumber', { max: 128 }),
    related_notice: null,
    contract_line_item_number: null,
    type: reader.line(raw.type, 'type'),
    base_type: reader.line(raw.baseType, 'baseType'),
    archive_type: archiveType,
    archive_policy: archiveType ? ARCHIVE_POLICIES[archiveType]! : null,
    archive_date: archiveDate,
    department: organization.department,
    subtier: organization.subtier,
    office: organization.office,
    organization_type: reader.line(raw.organizationType, 'organizationType'),
    organization_name: organization.office,
    full_parent_path_name: organization.path,
    source_link: reader.url(raw.uiLink, 'uiLink'),
    description_cached: description,
    additional_info_link: reader.url(raw.additionalInfoLink, 'additionalInfoLink'),
    place_of_performance: placeOfPerformance,
    office_address: mapOfficeAddress(reader, raw.officeAddress),
    award: mapAward(reader, raw.award),
    point_of_contact: mapContacts(reader, raw.pointOfContact),
    resource_links: mapResourceLinks(reader, raw.resourceLinks),
    trade_tags: trade.tags,
    updated_at: options.now.toISOString(),
  };
  return { notice_id: noticeId, record, warnings: reader.warnings };
}

function firstOf(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : undefined;
}

/**
 * fullParentPathName is "DEPARTMENT.SUB-TIER.OFFICE" (sometimes with more levels between): the first
 * part is the department, the second the sub-tier, the last the office. Without it (the CSV
 * extract), the deprecated `department`, `subTier` and `office` fields, joined into the path.
 */
function mapOrganization(reader: NoticeReader, raw: Json) {
  const path = reader.line(raw.fullParentPathName, 'fullParentPathName');
  const parts = path
    ? path
        .split('.')
        .map((part) => part.trim())
        .filter((part) => part !== '')
    : [];
  if (parts.length > 0) {
    return {
      path,
      department: parts[0]!,
      subtier: parts[1] ?? null,
      office: parts.length > 2 ? parts[parts.length - 1]! : null,
    };
  }
  const department = reader.line(raw.department, 'department');
  const subtier = reader.line(raw.subTier, 'subTier');
  const office = reader.line(raw.office, 'office');
  const levels = [department, subtier, office].filter((level) => level !== null);
  return { path: levels.length > 0 ? levels.join('.') : null, department, subtier, office };
}

/**
 * `active` "Yes" is listed ('active') until its archive date passes ('archived'); "No" is 'inactive'
 * ('archived' once the archive date has passed). Anything else is a warning and counts as not active,
 * so an unreadable notice is never listed. Actionable: listed, and the response deadline not passed
 * (or none).
 */
function mapStatus(
  reader: NoticeReader,
  value: unknown,
  archiveDate: string | null,
  responseDeadline: string | null,
  now: Date,
): { status: string; isActionable: boolean } {
  let active: boolean;
  if (typeof value === 'boolean') active = value;
  else if (typeof value === 'string' && /^yes$/i.test(value.trim())) active = true;
  else if (typeof value === 'string' && /^no$/i.test(value.trim())) active = false;
  else {
    active = false;
    reader.warn(
      'active',
      value === undefined || value === null
        ? 'missing: treated as not active'
        : `expected "Yes" or "No", got ${typeof value === 'string' ? quote(value) : describeType(value)}: treated as not active`,
    );
  }
  const archived = archiveDate !== null && Date.parse(archiveDate) <= now.getTime();
  const status = archived ? 'archived' : active ? 'active' : 'inactive';
  const open = responseDeadline === null || Date.parse(responseDeadline) > now.getTime();
  return { status, isActionable: status === 'active' && open };
}

/**
 * The API's `description` is a link to the text (fetched later, with the key, into
 * description_cached); the CSV extract carries the text itself. A link is not stored here.
 */
function mapDescription(reader: NoticeReader, value: unknown): string | null {
  const text = reader.text(value, 'description', DESCRIPTION_MAX);
  if (text === null) return null;
  if (/^https?:\/\/\S+$/i.test(text) || /^https?:\/\/\S+ \/\S+$/i.test(text)) return null;
  return text;
}

function mapPlace(reader: NoticeReader, value: unknown, field: string): GovernmentAddress | null {
  const place = reader.object(value, field);
  if (!place) return null;
  const street = reader.line(place.streetAddress, `${field}.streetAddress`);
  const street2 = reader.line(place.streetAddress2, `${field}.streetAddress2`);
  const cityObject = reader.object(place.city, `${field}.city`);
  let city = cityObject ? reader.line(cityObject.name, `${field}.city.name`) : null;
  if (city !== null && DIGITS.test(city))
    city = reader.warn(`${field}.city.name`, `a code, not a name: ${quote(city)}`);
  const stateObject = reader.object(place.state, `${field}.state`);
  const state = stateObject ? reader.code(stateObject.code, `${field}.state.code`, STATE, { upper: true }) : null;
  const countryObject = reader.object(place.country, `${field}.country`);
  const country = countryObject ? reader.line(countryObject.code, `${field}.country.code`, { max: 64 }) : null;
  const zip = reader.line(place.zip, `${field}.zip`, { max: 32 });
  return address(street, street2, city, state, zip, country);
}

function mapOfficeAddress(reader: NoticeReader, value: unknown): GovernmentAddress | null {
  const office = reader.object(value, 'officeAddress');
  if (!office) return null;
  const city = reader.line(office.city, 'officeAddress.city');
  const state = reader.code(office.state, 'officeAddress.state', STATE, { upper: true });
  const zip = reader.line(office.zipcode ?? office.zip, 'officeAddress.zipcode', { max: 32 });
  const country = reader.line(office.countryCode, 'officeAddress.countryCode', { max: 64 });
  return address(null, null, city, state, zip, country);
}

function address(
  street: string | null,
  street2: string | null,
  city: string | null,
  state: string | null,
  zip: string | null,
  country: string | null,
): GovernmentAddress | null {
  if ([street, street2, city, state, zip, country].every((part) => part === null)) return null;
  const cityLine = [city, [state, zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const formatted = [street, street2, cityLine, country].filter(Boolean).join(', ');
  return { street, street_2: street2, city, state, zip, country, formatted: formatted || null };
}

function mapAward(reader: NoticeReader, value: unknown): GovernmentAward | null {
  const award = reader.object(value, 'award');
  if (!award) return null;
  let amount = reader.line(award.amount, 'award.amount', { max: 40 });
  if (amount !== null && !AMOUNT.test(amount)) amount = reader.warn('award.amount', `not an amount: ${quote(amount)}`);
  const date = reader.date(award.date, 'award.date');
  const awardee = reader.object(award.awardee, 'award.awardee');
  const name = awardee ? reader.line(awardee.name, 'award.awardee.name') : null;
  const uei = awardee ? reader.code(awardee.ueiSAM, 'award.awardee.ueiSAM', UEI, { upper: true }) : null;
  if (amount === null && date === null && name === null && uei === null) return null;
  return { amount, date, awardee_name: name, awardee_uei: uei };
}

function mapContacts(reader: NoticeReader, value: unknown): GovernmentPointOfContact[] {
  const contacts = reader.array(value, 'pointOfContact');
  if (contacts.length > CONTACTS_MAX) reader.warn('pointOfContact', `more than ${CONTACTS_MAX} contacts (cut)`);
  const kept: GovernmentPointOfContact[] = [];
  for (const [index, contact] of contacts.slice(0, CONTACTS_MAX).entries()) {
    const field = `pointOfContact[${index}]`;
    const entry = reader.object(contact, field);
    if (!entry) continue;
    const stored: GovernmentPointOfContact = {};
    for (const [from, to] of CONTACT_KEYS) stored[to] = reader.line(entry[from], `${field}.${from}`, { max: 320 });
    if (Object.values(stored).some((part) => part !== null)) kept.push(stored);
  }
  return kept;
}

/**
 * resourceLinks are download URLs (`.../resources/files/{id}/download`): each becomes a file link
 * whose label is the URL's file name (or "Attachment n" when the URL ends in /download) and whose
 * resource id is the path segment after `files/`.
 */
function mapResourceLinks(reader: NoticeReader, value: unknown): GovernmentResourceLink[] {
  const links = reader.array(value, 'resourceLinks');
  if (links.length > RESOURCE_LINKS_MAX) reader.warn('resourceLinks', `more than ${RESOURCE_LINKS_MAX} links (cut)`);
  const kept: GovernmentResourceLink[] = [];
  for (const [index, link] of links.slice(0, RESOURCE_LINKS_MAX).entries()) {
    const url = reader.url(link, `resourceLinks[${index}]`);
    if (url === null) continue;
    const segments = new URL(url).pathname.split('/').filter((segment) => segment !== '');
    const filesAt = segments.indexOf('files');
    const resourceId = filesAt >= 0 && segments[filesAt + 1] ? decodeSegment(segments[filesAt + 1]!) : null;
    const last = segments.length > 0 ? decodeSegment(segments[segments.length - 1]!) : '';
    const label = last !== '' && last.toLowerCase() !== 'download' ? last : `Attachment ${kept.length + 1}`;
    kept.push({
      url,
      label: storableText(label, 255),
      updated_at: null,
      kind: 'file',
      resource_id: resourceId ? storableText(resourceId, 128) : null,
    });
  }
  return kept;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment).replace(CONTROL, ' ').trim();
  } catch {
    return segment;
  }
}
