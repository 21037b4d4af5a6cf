/**
 * SAM.gov's public daily extract of active contract opportunities (Data Services,
 * "ContractOpportunitiesFullCSV.csv", no key needed): one row per notice, with these columns. A
 * row becomes the API v2 notice shape (map-notice.ts's input), so the extract and the API go
 * through one mapping. Pure: the file's reading (encoding, quoting, batches) is the importer's.
 */

/** The extract's header, as published, in file order. */
export const SAM_CSV_COLUMNS = [
  'NoticeId',
  'Title',
  'Sol#',
  'Department/Ind.Agency',
  'CGAC',
  'Sub-Tier',
  'FPDS Code',
  'Office',
  'AAC Code',
  'PostedDate',
  'Type',
  'BaseType',
  'ArchiveType',
  'ArchiveDate',
  'SetASideCode',
  'SetASide',
  'ResponseDeadLine',
  'NaicsCode',
  'ClassificationCode',
  'PopStreetAddress',
  'PopCity',
  'PopState',
  'PopZip',
  'PopCountry',
  'Active',
  'AwardNumber',
  'AwardDate',
  'Award$',
  'Awardee',
  'PrimaryContactTitle',
  'PrimaryContactFullname',
  'PrimaryContactEmail',
  'PrimaryContactPhone',
  'PrimaryContactFax',
  'SecondaryContactTitle',
  'SecondaryContactFullname',
  'SecondaryContactEmail',
  'SecondaryContactPhone',
  'SecondaryContactFax',
  'OrganizationType',
  'State',
  'City',
  'ZipCode',
  'CountryCode',
  'AdditionalInfoLink',
  'Link',
  'Description',
] as const;

type SamCsvColumn = (typeof SAM_CSV_COLUMNS)[number];
export type SamCsvRow = Partial<Record<SamCsvColumn, string>>;

const KNOWN = new Set<string>(SAM_CSV_COLUMNS);
const REQUIRED: readonly SamCsvColumn[] = ['NoticeId', 'Title'];
/** "$1,234.50" -> "1234.50"; anything else is left for the mapping to judge. */
const DOLLARS = /^\$?\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^\$\d+(?:\.\d+)?$/;

/**
 * The problem with a header, in words, or null when it can be imported: every column must be one
 * of the extract's (a leading BOM and surrounding spaces ignored), none twice, and NoticeId and
 * Title present. Missing optional columns are allowed (their fields stay null).
 */
export function samCsvHeaderProblem(header: readonly string[]): string | null {
  const names = header.map((name) => name.replace(/^\uFEFF/, '').trim());
  const unknown = names.filter((name) => !KNOWN.has(name));
  if (unknown.length > 0)
    return `unknown column${unknown.length > 1 ? 's' : ''} ${unknown
      .slice(0, 5)
      .map((name) => JSON.stringify(name.slice(0, 60)))
      .join(', ')}: expected the columns of SAM.gov's ContractOpportunitiesFullCSV.csv (NoticeId, Title, Sol#, ...)`;
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0) return `column ${JSON.stringify(repeated[0])} appears more than once`;
  const missing = REQUIRED.filter((name) => !names.includes(name));
  if (missing.length > 0) return `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`;
  return null;
}

/** A header's names as the row keys (BOM and spaces removed); call after samCsvHeaderProblem. */
export function samCsvColumns(header: readonly string[]): SamCsvColumn[] {
  return header.map((name) => name.replace(/^\uFEFF/, '').trim() as SamCsvColumn);
}

/** One row of the extract in the shape of an API v2 notice (`opportunitiesData[i]`). */
export function samCsvRowToNotice(row: SamCsvRow): Record<string, unknown> {
  const cell = (column: SamCsvColumn): string | undefined => {
    const value = row[column]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const notice: Record<string, unknown> = {
    noticeId: cell('NoticeId'),
    title: cell('Title'),
    solicitationNumber: cell('Sol#'),
    department: cell('Department/Ind.Agency'),
    subTier: cell('Sub-Tier'),
    office: cell('Office'),
    postedDate: cell('PostedDate'),
    type: cell('Type'),
    baseType: cell('BaseType'),
    archiveType: cell('ArchiveType'),
    archiveDate: cell('ArchiveDate'),
    typeOfSetAside: cell('SetASideCode'),
    typeOfSetAsideDescription: cell('SetASide'),
    responseDeadLine: cell('ResponseDeadLine'),
    naicsCode: cell('NaicsCode'),
    classificationCode: cell('ClassificationCode'),
    active: cell('Active'),
    organizationType: cell('OrganizationType'),
    additionalInfoLink: cell('AdditionalInfoLink'),
    uiLink: cell('Link'),
    // The extract carries the description's text (the API a link to it).
    description: row.Description,
  };
  const place = {
    streetAddress: cell('PopStreetAddress'),
    city: cell('PopCity') === undefined ? undefined : { name: cell('PopCity') },
    state: cell('PopState') === undefined ? undefined : { code: cell('PopState') },
    zip: cell('PopZip'),
    country: cell('PopCountry') === undefined ? undefined : { code: cell('PopCountry') },
  };
  if (someDefined(place)) notice.placeOfPerformance = place;
  const office = {
    city: cell('City'),
    state: cell('State'),
    zipcode: cell('ZipCode'),
    countryCode: cell('CountryCode'),
  };
  if (someDefined(office)) notice.officeAddress = office;
  const amount = cell('Award$');
  const award = {
    number: cell('AwardNumber'),
    date: cell('AwardDate'),
    amount: amount !== undefined && DOLLARS.test(amount) ? amount.replace(/[$,]/g, '') : amount,
    awardee: cell('Awardee') === undefined ? undefined : { name: cell('Awardee') },
  };
  if (someDefined(award)) notice.award = award;
  const contacts = (['Primary', 'Secondary'] as const)
    .map((kind) => ({
      type: kind.toLowerCase(),
      title: cell(`${kind}ContactTitle`),
      fullName: cell(`${kind}ContactFullname`),
      email: cell(`${kind}ContactEmail`),
      phone: cell(`${kind}ContactPhone`),
      fax: cell(`${kind}ContactFax`),
    }))
    .filter(({ type: _type, ...fields }) => someDefined(fields));
  if (contacts.length > 0) notice.pointOfContact = contacts;
  return notice;
}

function someDefined(fields: Record<string, unknown>): boolean {
  return Object.values(fields).some((value) => value !== undefined);
}
