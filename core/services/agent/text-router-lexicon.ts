/**
 * The words the text router (text-router.ts) knows, folded (lower case, accents removed), English
 * then Spanish. Kept apart from the rules so that adding a word is a one-line change here.
 */

/** The skills the text router can choose. */
export const ROUTABLE_SKILLS = [
  'find-businesses',
  'find-government-opportunities',
  'find-blog-posts',
  'read-blog-post',
  'explain-paid-reference',
] as const;
export type RoutableSkill = (typeof ROUTABLE_SKILLS)[number];

/** The skills a cue word can name (read-blog-post is chosen by a slug, see the rules). */
type CuedSkill = Exclude<RoutableSkill, 'read-blog-post'>;

/**
 * Cue words and phrases: each names the skill the message is for. Trade words (plumbing, hvac) are
 * not cues: they are arguments that several skills take. The people of a trade (plumbers,
 * electricians) are: asking for them is asking for businesses.
 */
export const SKILL_CUES: Readonly<Record<CuedSkill, readonly string[]>> = {
  'find-businesses': [
    'business',
    'businesses',
    'company',
    'companies',
    'contractor',
    'contractors',
    'pro',
    'pros',
    'provider',
    'providers',
    'directory',
    'listing',
    'listings',
    'shop',
    'shops',
    'handyman',
    'handymen',
    'technician',
    'technicians',
    'empresa',
    'empresas',
    'negocio',
    'negocios',
    'compania',
    'companias',
    'contratista',
    'contratistas',
    'proveedor',
    'proveedores',
    'tecnico',
    'tecnicos',
  ],
  'find-government-opportunities': [
    'government',
    'govt',
    'gov',
    'federal',
    'contract',
    'contracts',
    'contracting',
    'solicitation',
    'solicitations',
    'bid',
    'bids',
    'rfp',
    'rfps',
    'rfq',
    'rfqs',
    'tender',
    'tenders',
    'procurement',
    'opportunity',
    'opportunities',
    'set aside',
    'set asides',
    'setaside',
    'setasides',
    'naics',
    'sam gov',
    'gobierno',
    'gubernamental',
    'gubernamentales',
    'federales',
    'contrato',
    'contratos',
    'licitacion',
    'licitaciones',
    'oportunidad',
    'oportunidades',
  ],
  'find-blog-posts': [
    'blog',
    'blogs',
    'article',
    'articles',
    'post',
    'posts',
    'guide',
    'guides',
    'tutorial',
    'tutorials',
    'articulo',
    'articulos',
    'publicacion',
    'publicaciones',
    'entrada',
    'entradas',
    'guia',
    'guias',
  ],
  'explain-paid-reference': [
    'paid',
    'pay',
    'price',
    'cost',
    'costs',
    'buy',
    'purchase',
    'reference',
    'x402',
    'mpp',
    'how much',
    'comprar',
    'compra',
    'precio',
    'pagar',
    'pago',
    'referencia',
    'cuanto cuesta',
    'cuanto vale',
  ],
};

/** Blog cue words that name one post (so "read the post" without a slug asks for the slug). */
export const SINGULAR_BLOG_CUES: ReadonlySet<string> = new Set([
  'article',
  'post',
  'guide',
  'tutorial',
  'articulo',
  'publicacion',
  'entrada',
  'guia',
]);

/** Verbs that, with a slug, ask to read one post. */
export const READ_VERBS: ReadonlySet<string> = new Set(['read', 'open', 'leer', 'lee', 'abrir', 'abre']);

/**
 * Words after which the rest of the message is the topic ("posts about government contracts"):
 * cue words there are part of the search, not a choice of skill.
 */
export const TOPIC_MARKERS: ReadonlySet<string> = new Set([
  'about',
  'on',
  'regarding',
  'concerning',
  'for',
  'sobre',
  'acerca',
  'para',
]);

/** Words that introduce a place ("in Austin", "near 78701", "en Texas"). */
export const PLACE_PREPOSITIONS: ReadonlySet<string> = new Set(['in', 'near', 'around', 'within', 'en', 'cerca']);

/** Articles skipped between a place preposition and the place ("in the Austin area"). */
export const PLACE_ARTICLES: ReadonlySet<string> = new Set(['the', 'greater', 'el', 'la', 'los', 'las', 'de']);

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
  [/\b(?:service[- ]disabled(?: veteran(?:s)?(?:[- ]owned)?)?(?: small business(?:es)?)?|sdvosbc?)\b/g, 'SDVOSBC'],
  [/\b(?:veteran[- ]owned(?: small business(?:es)?)?|vosb)\b/g, 'VSA'],
  [/\b(?:hub ?zone|hzc)\b/g, 'HZC'],
  [/\b(?:8 ?\( ?a ?\) ?sole[- ]source|8a sole[- ]source|8an)\b/g, '8AN'],
  [/(?:\b8 ?\( ?a ?\)|\b8a\b)/g, '8A'],
  [/\b(?:partial small[- ]business(?:es)?(?: set[- ]aside)?|sbp)\b/g, 'SBP'],
  [/\b(?:(?:total )?small[- ]business(?:es)?|sba|pequenas? empresas?)\b/g, 'SBA'],
];

/**
 * Words that carry no filter ("find me some", "please", "open", "latest"): dropped before the rest
 * of the message becomes the search words.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a an the some any all every find finding search searching show showing list get give tell me i im i'm we you " +
    'us my our your please can could would will want need needs looking look see view help lookup up out ' +
    'what which who whom where when there that this these those it its is are was be been do does have has ' +
    'and or of to in on at by from with without into near around within than then also just only very ' +
    'best top good great reliable trusted local nearby open active current currently available new latest recent ' +
    'some few one more most many much other another any way ways how why ' +
    'service services work job jobs area areas state city town county usa united states nationwide ' +
    'rated rating ratings star stars review reviews least minimum min max maximum above over better higher ' +
    'buscar busca busco buscame encuentra encontrar encuentrame muestra muestrame mostrar lista listar dame quiero ' +
    'necesito un una unos unas el la los las lo de del al en por con y o u que quien cual cuales donde como ' +
    'me mi mis tu tus su sus nuestro hay es son esta estan ser todos todas todo mejor mejores buen buenos buenas ' +
    'abiertos abiertas activos activas actuales nuevos nuevas recientes ultimos ultimas cerca servicio servicios ' +
    'trabajo trabajos zona estado ciudad favor por'
  ).split(' '),
);

/** Place words that do not say where: the message needs a metro or ZIP code instead. */
export const NEAR_ME_PATTERN =
  /\b(?:near me|nearby|close to me|around me|around here|near here|in my area|my area|in your area|cerca de mi|cerca de aqui|en mi zona|en mi area)\b/g;

/** Words that negate or exclude: the router cannot express an exclusion, so it asks instead of guessing. */
export const NEGATIONS: ReadonlySet<string> = new Set([
  'not',
  'except',
  'excluding',
  'exclude',
  'excepto',
  'sin',
  'outside',
  'fuera',
]);

/**
 * Words that make a message Spanish when it does not say its language: at least two different ones
 * (or an ñ, ¿ or ¡) must occur.
 */
export const SPANISH_MARKERS: ReadonlySet<string> = new Set(
  (
    'el los las del en para con sobre que y una unos unas articulos articulo publicaciones publicacion entradas ' +
    'busca buscar busco quiero necesito muestrame muestra leer lee acerca cerca contratos contrato gobierno ' +
    'empresas negocios plomeros estrellas como cual donde hay sus mejores guia guias'
  ).split(' '),
);

/** Number words a rating may use ("four stars", "cuatro estrellas"). */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  cero: 0,
  uno: 1,
  una: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
};
