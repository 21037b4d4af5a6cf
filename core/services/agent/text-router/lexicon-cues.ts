/**
 * The words the text router (route-text.ts) knows, folded (lower case, accents removed), English
 * then Spanish. Kept apart from the rules so that adding a word is a one-line change here: the
 * skills' cue words here, the filter words in lexicon-filters.ts, the function words in lexicon-words.ts.
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
