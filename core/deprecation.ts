import type { z } from 'zod';
import type { SiteUrls } from './context.ts';
import { discoveryUrls } from './services/discovery/urls.ts';
import type { DeprecationMeta, Meta } from './procedures/meta.ts';

/**
 * The versioning policy's notice period: a deprecated field or endpoint keeps working at least this
 * many months after its deprecation date. `deprecated()` refuses a sunset sooner than that, so the
 * policy document ({base_url}/v1/versioning-policy) and the code cannot disagree.
 */
export const MINIMUM_NOTICE_MONTHS = 6;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A path under {base_url}: what may stand between `<` and `>` of a Link header without escaping. */
const REPLACEMENT_PATH = /^\/[\w\-.~/]{1,200}$/;

/** Midnight UTC of a `YYYY-MM-DD` day; throws on anything else, including days no calendar has (2027-02-30). */
function utcDay(day: string, field: string): Date {
  const match = DAY.exec(day);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
  if (!date || date.toISOString().slice(0, 10) !== day) {
    throw new Error(`deprecation ${field} must be a calendar day as YYYY-MM-DD (UTC), not ${JSON.stringify(day)}`);
  }
  return date;
}

/** The day `months` calendar months after `date` (a 31st that the month lacks rolls into the next month: later, never sooner). */
function monthsLater(date: Date, months: number): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate()));
}

/** Checks a deprecation against the policy; throws (at module load, where `deprecated()` runs) when it breaks it. */
function checkDeprecation(deprecation: DeprecationMeta): DeprecationMeta {
  const since = utcDay(deprecation.since, 'since');
  if (deprecation.sunset !== undefined) {
    const sunset = utcDay(deprecation.sunset, 'sunset');
    const earliest = monthsLater(since, MINIMUM_NOTICE_MONTHS);
    if (sunset < earliest) {
      throw new Error(
        `deprecation sunset ${deprecation.sunset} is sooner than the policy allows: at least ` +
          `${MINIMUM_NOTICE_MONTHS} months after ${deprecation.since}, so ${earliest.toISOString().slice(0, 10)} or later`,
      );
    }
  }
  if (deprecation.replacement !== undefined && !REPLACEMENT_PATH.test(deprecation.replacement)) {
    throw new Error(
      `deprecation replacement must be a path under {base_url} such as /v2/directory/public, not ${JSON.stringify(deprecation.replacement)}`,
    );
  }
  if (deprecation.note !== undefined && (deprecation.note.trim() === '' || /[\r\n]/.test(deprecation.note))) {
    throw new Error('deprecation note must be one non-empty line');
  }
  return { ...deprecation };
}

/** The sentences a deprecated operation's or field's description ends with. */
function deprecationNotice({ since, sunset, replacement, note }: DeprecationMeta): string {
  return [
    `Deprecated since ${since}`,
    sunset
      ? `; it keeps working until its sunset on ${sunset}.`
      : `; it keeps working at least ${MINIMUM_NOTICE_MONTHS} months from then.`,
    replacement ? ` Use ${replacement} instead.` : '',
    note ? ` ${note}` : '',
    ' See the versioning policy (/v1/versioning-policy).',
  ].join('');
}

/**
 * Marks a procedure deprecated, in one place: `.meta(deprecated({ since: '2026-12-01', sunset:
 * '2027-06-01', replacement: '/v2/...' }, { openapi: {...} }))`. The answer is the procedure's meta
 * with `deprecation` set, and, when it has a REST mapping, `openapi.deprecated: true` and the notice
 * at the end of its description (and of its MCP tool's and A2A skill's descriptions, when it is one).
 * The REST adapter adds the `Deprecation`, `Sunset` and `Link` headers from `deprecation`; the
 * OpenAPI builder refuses a `deprecated` flag set by hand without it. Dates that break the policy
 * (a sunset sooner than MINIMUM_NOTICE_MONTHS) throw here, at module load.
 */
export function deprecated<M extends Meta>(
  deprecation: DeprecationMeta,
  meta: M,
): M & Meta & { deprecation: DeprecationMeta } {
  const checked = checkDeprecation(deprecation);
  const notice = deprecationNotice(checked);
  const withNotice = (text: string | undefined) => (text ? `${text} ${notice}` : notice);
  const openapi = meta.openapi && {
    ...meta.openapi,
    deprecated: true,
    description: withNotice(meta.openapi.description),
  };
  // An MCP tool or an A2A skill has no deprecated flag of its protocol: its description carries the notice.
  const tool = meta.tool && { ...meta.tool, description: withNotice(meta.tool.description) };
  const skill = meta.skill && { ...meta.skill, description: withNotice(meta.skill.description) };
  return { ...meta, ...(openapi && { openapi }), ...(tool && { tool }), ...(skill && { skill }), deprecation: checked };
}

/**
 * Marks a field of an input or output schema deprecated: `deprecated: true` on it in the OpenAPI
 * document and the MCP tool schemas, and the notice at the end of its description. The field keeps
 * working; its endpoint carries no deprecation headers (those announce a deprecated operation).
 * Same dates and checks as `deprecated()`.
 */
export function deprecatedField<T extends z.ZodType>(schema: T, deprecation: DeprecationMeta): T {
  const notice = deprecationNotice(checkDeprecation(deprecation));
  const description = schema.description ? `${schema.description} ${notice}` : notice;
  return schema.meta({ ...schema.meta(), deprecated: true, description });
}

/** RFC 9745 `Deprecation`: an RFC 9651 structured-field date, `@` and the Unix seconds of the day's start (UTC). */
export function deprecationHeaderValue(day: string): string {
  return `@${utcDay(day, 'since').getTime() / 1000}`;
}

/** RFC 8594 `Sunset`: an HTTP-date (IMF-fixdate, RFC 9110 5.6.7) of the day's start (UTC). */
export function sunsetHeaderValue(day: string): string {
  return utcDay(day, 'sunset').toUTCString();
}

/**
 * What every answer of a deprecated operation carries (success and error alike: RFC 9745 puts the
 * header on the deprecated resource's responses): `Deprecation`, `Sunset` when a sunset is set, and
 * `Link` to the versioning policy (rel="deprecation", RFC 9745 section 3) and to the replacement
 * (rel="successor-version", RFC 5829) when there is one.
 */
export function deprecationHeaders(
  deprecation: DeprecationMeta,
  urls: SiteUrls,
): Record<string, string> & { Deprecation: string; Link: string } {
  const links = [`<${discoveryUrls(urls).versioningPolicy}>; rel="deprecation"; type="application/json"`];
  if (deprecation.replacement) links.push(`<${urls.base}${deprecation.replacement}>; rel="successor-version"`);
  return {
    Deprecation: deprecationHeaderValue(deprecation.since),
    ...(deprecation.sunset ? { Sunset: sunsetHeaderValue(deprecation.sunset) } : {}),
    Link: links.join(', '),
  };
}
