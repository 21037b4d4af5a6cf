import { z } from 'zod';

const ZVersion = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'expected a date, YYYY-MM-DD' });
/** A reverse-domain name (UCP reverse_domain_name.json), loosely: lower-case segments joined by dots. */
const ZName = z
  .string()
  .max(200)
  .regex(/^[a-z][a-z0-9-]*(?:\.[a-z0-9][a-z0-9_-]*)+$/, { message: 'expected a reverse-domain name' });
const ZUrl = z.string().min(1).max(2048);
const registry = <T extends z.ZodType>(entry: T) => z.record(ZName, z.array(entry).max(50));

/**
 * A platform profile as UCP's platform_schema requires it (profile.json, ucp.json, service.json,
 * capability.json, payment_handler.json): `ucp.version`, the `services` and `payment_handlers`
 * registries (present, possibly empty), each service with version, spec and transport, each
 * capability and payment handler with version, spec and schema. Open objects, as UCP's are.
 */
const ZPlatformProfile = z.looseObject({
  ucp: z.looseObject({
    version: ZVersion,
    services: registry(
      z.looseObject({
        version: ZVersion,
        spec: ZUrl,
        transport: z.enum(['rest', 'mcp', 'a2a', 'embedded']),
        schema: ZUrl.optional(),
      }),
    ),
    capabilities: registry(
      z.looseObject({
        version: ZVersion,
        spec: ZUrl,
        schema: ZUrl,
        extends: z.union([ZName, z.array(ZName).min(1).max(20)]).optional(),
      }),
    ).optional(),
    payment_handlers: registry(z.looseObject({ id: z.string().max(200), version: ZVersion, spec: ZUrl, schema: ZUrl })),
  }),
});

/** What negotiation needs of a valid platform profile: its protocol version and, per capability, its versions and parents. */
export interface PlatformCapabilities {
  version: string;
  capabilities: Record<string, { versions: string[]; extends: string[] }>;
}

/** The profile's negotiation facts, or the first problems found (path and what was expected), for the platform. */
export function readPlatformProfile(body: unknown): { profile: PlatformCapabilities } | { problem: string } {
  const parsed = ZPlatformProfile.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.length ? issue.path.map(String).join('.') : 'the document'}: ${issue.message}`);
    return { problem: `does not match UCP's platform_schema (${issues.join('; ').slice(0, 500)})` };
  }
  const capabilities: PlatformCapabilities['capabilities'] = {};
  for (const [name, entries] of Object.entries(parsed.data.ucp.capabilities ?? {})) {
    capabilities[name] = {
      versions: entries.map((entry) => entry.version),
      extends: entries.flatMap((entry) =>
        entry.extends === undefined ? [] : typeof entry.extends === 'string' ? [entry.extends] : entry.extends,
      ),
    };
  }
  return { profile: { version: parsed.data.ucp.version, capabilities } };
}

/**
 * UCP's intersection algorithm (overview, Negotiation Protocol): a business capability stays when the
 * platform names it with a version both list, at the highest such version (dates compare as text);
 * then extensions whose parents all left are pruned, until nothing more goes.
 */
export function intersectCapabilities(
  business: Record<string, { version: string; extends?: string | string[] }[]>,
  platform: PlatformCapabilities['capabilities'],
): Record<string, { version: string }[]> {
  const kept = new Map<string, { version: string; parents: string[] }>();
  for (const [name, entries] of Object.entries(business)) {
    const theirs = platform[name];
    if (!theirs) continue;
    const shared = entries.map((entry) => entry.version).filter((version) => theirs.versions.includes(version));
    if (shared.length === 0) continue;
    const parents = entries.flatMap((entry) =>
      entry.extends === undefined ? [] : typeof entry.extends === 'string' ? [entry.extends] : entry.extends,
    );
    kept.set(name, { version: shared.sort().at(-1)!, parents });
  }
  for (let pruned = true; pruned;) {
    pruned = false;
    for (const [name, { parents }] of kept) {
      if (parents.length > 0 && !parents.some((parent) => kept.has(parent))) {
        kept.delete(name);
        pruned = true;
      }
    }
  }
  return Object.fromEntries([...kept].map(([name, { version }]) => [name, [{ version }]]));
}
