/**
 * The text router's function words: topic and place words, stop words, negations, language markers,
 * numbers. See lexicon-cues.ts.
 */

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
