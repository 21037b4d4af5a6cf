/**
 * The US states (and DC and Puerto Rico) as the government list's `state` filter knows them: the
 * two-letter code and the names a message may use, folded (lower case, no accents; see fold() in
 * message.ts), English first, then the Spanish names that differ.
 */
export const US_STATES: ReadonlyArray<readonly [code: string, ...names: string[]]> = [
  ['AL', 'alabama'],
  ['AK', 'alaska'],
  ['AZ', 'arizona'],
  ['AR', 'arkansas'],
  ['CA', 'california'],
  ['CO', 'colorado'],
  ['CT', 'connecticut'],
  ['DE', 'delaware'],
  ['DC', 'district of columbia', 'washington dc', 'washington d c', 'distrito de columbia'],
  ['FL', 'florida'],
  ['GA', 'georgia'],
  ['HI', 'hawaii'],
  ['ID', 'idaho'],
  ['IL', 'illinois'],
  ['IN', 'indiana'],
  ['IA', 'iowa'],
  ['KS', 'kansas'],
  ['KY', 'kentucky'],
  ['LA', 'louisiana', 'luisiana'],
  ['ME', 'maine'],
  ['MD', 'maryland'],
  ['MA', 'massachusetts'],
  ['MI', 'michigan'],
  ['MN', 'minnesota'],
  ['MS', 'mississippi', 'misisipi'],
  ['MO', 'missouri', 'misuri'],
  ['MT', 'montana'],
  ['NE', 'nebraska'],
  ['NV', 'nevada'],
  ['NH', 'new hampshire', 'nuevo hampshire'],
  ['NJ', 'new jersey', 'nueva jersey'],
  ['NM', 'new mexico', 'nuevo mexico'],
  ['NY', 'new york state', 'new york', 'nueva york'],
  ['NC', 'north carolina', 'carolina del norte'],
  ['ND', 'north dakota', 'dakota del norte'],
  ['OH', 'ohio'],
  ['OK', 'oklahoma'],
  ['OR', 'oregon'],
  ['PA', 'pennsylvania', 'pensilvania'],
  ['PR', 'puerto rico'],
  ['RI', 'rhode island'],
  ['SC', 'south carolina', 'carolina del sur'],
  ['SD', 'south dakota', 'dakota del sur'],
  ['TN', 'tennessee', 'tennesse'],
  ['TX', 'texas'],
  ['UT', 'utah'],
  ['VT', 'vermont'],
  ['VA', 'virginia'],
  ['WA', 'washington state', 'washington', 'estado de washington'],
  ['WV', 'west virginia', 'virginia occidental'],
  ['WI', 'wisconsin'],
  ['WY', 'wyoming'],
];

/** Every code above. */
export const US_STATE_CODES: ReadonlySet<string> = new Set(US_STATES.map(([code]) => code));

/**
 * Codes that are also common English or Spanish words ("in", "or", "me", "ok", "hi", "de", "la",
 * "al", "co", "id", "oh", "ma", "pa"): such a code counts only written in capitals right after
 * "in"/"en" or a comma ("Springfield, IL"), never on its own.
 */
export const AMBIGUOUS_STATE_CODES: ReadonlySet<string> = new Set([
  'IN',
  'OR',
  'ME',
  'OK',
  'HI',
  'DE',
  'LA',
  'AL',
  'CO',
  'ID',
  'OH',
  'MA',
  'PA',
]);
