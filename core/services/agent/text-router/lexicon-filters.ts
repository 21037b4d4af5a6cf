/** The text router's filter words: trades, the people of a trade, set-asides. See lexicon-cues.ts. */

/**
 * Trade words and the vocabulary phrases they stand for, first match wins per skill: a directory
 * industry or a government category whose key or label, folded, equals one of the phrases.
 * Words already equal to a key or label (plumbing, hvac, roofing) need no entry.
 */
export const TRADE_SYNONYMS: ReadonlyArray<readonly [words: readonly string[], phrases: readonly string[]]> = [
  [['plumber', 'plumbers', 'plomero', 'plomeros', 'fontanero', 'fontaneros', 'plomeria', 'fontaneria'], ['plumbing']],
  [['electrician', 'electricians', 'electricista', 'electricistas', 'electricidad', 'electric'], ['electrical']],
  [['roofer', 'roofers', 'roof', 'roofs', 'techador', 'techadores', 'techo', 'techos'], ['roofing']],
  [
    [
      'heating',
      'cooling',
      'air conditioning',
      'air conditioner',
      'air conditioners',
      'ac',
      'a c',
      'furnace',
      'furnaces',
      'heat pump',
      'heat pumps',
      'aire acondicionado',
      'climatizacion',
      'calefaccion',
    ],
    ['hvac'],
  ],
  [
    [
      'landscaper',
      'landscapers',
      'landscape',
      'lawn',
      'lawn care',
      'gardener',
      'gardeners',
      'jardinero',
      'jardineros',
      'jardineria',
      'paisajismo',
    ],
    ['landscaping'],
  ],
  [
    ['cleaner', 'cleaners', 'cleaning', 'house cleaning', 'maid', 'maids', 'limpieza'],
    ['cleaning', 'janitorial'],
  ],
  [
    ['janitor', 'janitors', 'janitorial', 'custodial', 'conserje', 'conserjes'],
    ['janitorial', 'cleaning'],
  ],
  [
    [
      'exterminator',
      'exterminators',
      'pest',
      'pests',
      'fumigador',
      'fumigadores',
      'fumigacion',
      'control de plagas',
      'plagas',
    ],
    ['pest control'],
  ],
  [['painter', 'painters', 'pintor', 'pintores', 'pintura'], ['painting']],
  [['garage door', 'puertas de garaje', 'puerta de garaje'], ['garage doors']],
  [['appliance', 'appliances', 'electrodomesticos', 'electrodomestico'], ['appliance repair']],
];

/** The people of a trade: each is a find-businesses cue as well as a trade word. */
export const TRADE_PEOPLE: ReadonlySet<string> = new Set([
  'plumber',
  'plumbers',
  'plomero',
  'plomeros',
  'fontanero',
  'fontaneros',
  'electrician',
  'electricians',
  'electricista',
  'electricistas',
  'roofer',
  'roofers',
  'techador',
  'techadores',
  'landscaper',
  'landscapers',
  'gardener',
  'gardeners',
  'jardinero',
  'jardineros',
  'cleaner',
  'cleaners',
  'maid',
  'maids',
  'exterminator',
  'exterminators',
  'fumigador',
  'fumigadores',
  'painter',
  'painters',
  'pintor',
  'pintores',
]);

/**
 * Set-aside phrases (on the folded text) and the codes the government data uses (SAM.gov's, as in
 * scripts/seed/demo-data/government-catalogue.ts); the `set_aside` filter matches a code exactly.
 * Most specific first: the first pattern that matches wins.
 */
export const SET_ASIDE_PATTERNS: ReadonlyArray<readonly [pattern: RegExp, code: string]> = [
  [/\b(?:economically disadvantaged wom[ae]n[- ]owned(?: small business(?:es)?)?|edwosb)\b/g, 'EDWOSB'],
  [/\b(?:wom[ae]n[- ]owned(?: small business(?:es)?)?|wosb)\b/g, 'WOSB'],
  [/\b(?:service[- ]disabled(?: veterans?(?:[- ]owned)?)?(?: small business(?:es)?)?|sdvosbc?)\b/g, 'SDVOSBC'],
  [/\b(?:veteran[- ]owned(?: small business(?:es)?)?|vosb)\b/g, 'VSA'],
  [/\b(?:hub ?zone|hzc)\b/g, 'HZC'],
  [/\b(?:8 ?\( ?a ?\) ?sole[- ]source|8a sole[- ]source|8an)\b/g, '8AN'],
  [/(?:\b8 ?\( ?a ?\)|\b8a\b)/g, '8A'],
  [/\b(?:partial small[- ]business(?:es)?(?: set[- ]aside)?|sbp)\b/g, 'SBP'],
  [/\b(?:(?:total )?small[- ]business(?:es)?|sba|pequenas? empresas?)\b/g, 'SBA'],
];
