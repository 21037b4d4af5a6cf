/**
 * Which field-service trade a notice belongs to, from its codes: the `category` and `trade_tags` the
 * public list filters on. The same trades, codes and headline tags as the demo catalogue
 * (scripts/seed/demo-data/government-catalogue.ts), kept here because core never imports the demo
 * data. A product or service code (PSC) names the work more precisely than a NAICS code (238220 is
 * plumbing, heating and air-conditioning at once), so it decides first.
 */

/** category -> its headline tag. */
const TRADE_TAGS: Readonly<Record<string, string>> = {
  hvac: 'hvac',
  plumbing: 'plumbing',
  electrical: 'electrical',
  janitorial: 'janitorial',
  landscaping: 'landscaping',
  roofing: 'roofing',
  pest_control: 'pest-control',
  painting: 'painting',
  fire_protection: 'fire-protection',
  elevator: 'elevators',
  security_systems: 'security',
  facilities: 'facilities',
  general_construction: 'construction',
  flooring: 'flooring',
  waste_management: 'waste',
  paving: 'paving',
};

/** PSC codes that belong to one trade only (Z2AA, Z1AA and the like are shared, so they decide nothing). */
const BY_PSC: Readonly<Record<string, string>> = {
  J041: 'hvac',
  '4130': 'hvac',
  J045: 'plumbing',
  '4510': 'plumbing',
  J059: 'electrical',
  J061: 'electrical',
  '6210': 'electrical',
  S201: 'janitorial',
  S208: 'landscaping',
  S207: 'pest_control',
  J042: 'fire_protection',
  J035: 'elevator',
  S216: 'facilities',
  Z1JZ: 'facilities',
  Y1JZ: 'general_construction',
  S205: 'waste_management',
  Z2LB: 'paving',
  Z1PZ: 'paving',
};

/** NAICS codes -> the trade they most often mean (238220 and 811310: heating and air-conditioning first). */
const BY_NAICS: Readonly<Record<string, string>> = {
  '238220': 'hvac',
  '811310': 'hvac',
  '238210': 'electrical',
  '561720': 'janitorial',
  '561730': 'landscaping',
  '238160': 'roofing',
  '561710': 'pest_control',
  '238320': 'painting',
  '238290': 'elevator',
  '561621': 'security_systems',
  '561210': 'facilities',
  '236220': 'general_construction',
  '238330': 'flooring',
  '562111': 'waste_management',
  '237310': 'paving',
  '238990': 'paving',
  '238140': 'paving',
};

/**
 * The category (the PSC's trade, else the NAICS code's) and the headline tags of both trades, the
 * category's first; null and [] for codes outside the field-service trades.
 */
export function tradeOf(naicsCode: string | null, pscCode: string | null): { category: string | null; tags: string[] } {
  const byPsc = pscCode ? BY_PSC[pscCode] : undefined;
  const byNaics = naicsCode ? BY_NAICS[naicsCode] : undefined;
  const category = byPsc ?? byNaics ?? null;
  const tags = [...new Set([byPsc, byNaics].filter((trade): trade is string => trade !== undefined))].map(
    (trade) => TRADE_TAGS[trade]!,
  );
  return { category, tags };
}
