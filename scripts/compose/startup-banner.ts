import type { Config } from '../../core/config.ts';
import type { Logger, LogFormat } from '../../core/logger.ts';
import { discoveryUrls } from '../../core/services/discovery/urls.ts';
import { oauthUrls } from '../../core/services/oauth/urls.ts';
import type { CreatedDemoOwner } from '../seed/demo-workspaces.ts';

/** The demo owner on a development start: created by this start (with its generated password, if any), or earlier. */
export type DemoOwnerNotice = { created: CreatedDemoOwner } | { existing: string };

export interface BannerFacts {
  config: Pick<Config, 'siteUrl' | 'baseUrl'>;
  databaseKind: 'embedded' | 'postgresql';
  startupMs: number;
  demoOwner?: DemoOwnerNotice;
}

/** Every URL an operator or a client starts from, in the order the banner lists them. */
function bannerUrls({ siteUrl, baseUrl }: BannerFacts['config']) {
  const urls = { site: siteUrl, base: baseUrl };
  const discovery = discoveryUrls(urls);
  return {
    landing: `${siteUrl}/`,
    docs: discovery.docs,
    openapi: discovery.openapi,
    mcp: oauthUrls(urls).resource,
    a2a_card: discovery.a2a,
    discovery: discovery.index,
    health: discovery.health,
  };
}

const LABELS: Record<keyof ReturnType<typeof bannerUrls>, string> = {
  landing: 'Landing page',
  docs: 'REST API docs',
  openapi: 'OpenAPI document',
  mcp: 'MCP endpoint',
  a2a_card: 'A2A agent card',
  discovery: 'Discovery index',
  health: 'Health check',
};

const PASSWORD_NOTE = 'printed on the first start; a lost one: npm run admin -- reset-password --email <this address>';

/** The demo owner as a JSON field; the password field is not named `password`, which the logger redacts on purpose. */
function demoField(notice: DemoOwnerNotice) {
  if ('existing' in notice) return { email: notice.existing, password_note: PASSWORD_NOTE };
  const { email, generatedPassword, businesses } = notice.created;
  return {
    email,
    ...(generatedPassword ? { initial_password: generatedPassword } : { password_from: 'DEMO_OWNER_PASSWORD' }),
    businesses: businesses.map((business) => business.slug),
  };
}

function demoLines(notice: DemoOwnerNotice): string[] {
  if ('existing' in notice) return ['', `  Demo owner         ${notice.existing} (${PASSWORD_NOTE})`];
  const { email, generatedPassword, businesses } = notice.created;
  return [
    '',
    '  Demo owner account (shown once; it owns both demo businesses):',
    `    e-mail:   ${email}`,
    `    password: ${generatedPassword ?? '(from DEMO_OWNER_PASSWORD)'}`,
    `    businesses: ${businesses.map((business) => `${business.name} (${business.slug})`).join(', ')}`,
  ];
}

/**
 * The closing line of a start: in JSON one log record (msg "listening on ...", every URL and the
 * demo owner as fields), so every stdout line stays JSON; in the pretty format the same record's
 * message and then a block for people, one URL a line.
 */
export function announceListening(log: Logger, format: LogFormat, facts: BannerFacts): void {
  const urls = bannerUrls(facts.config);
  const message = `listening on ${facts.config.siteUrl} (API reference at ${urls.docs})`;
  if (format === 'json') {
    log.info(
      {
        url: facts.config.siteUrl,
        database: facts.databaseKind,
        ...urls,
        startup_ms: facts.startupMs,
        ...(facts.demoOwner ? { demo_owner: demoField(facts.demoOwner) } : {}),
      },
      message,
    );
    return;
  }
  log.info(message);
  const seconds = (facts.startupMs / 1000).toFixed(1);
  const lines = [
    '',
    `  Field Service API is running (${facts.databaseKind} database, started in ${seconds} s)`,
    '',
    ...Object.entries(urls).map(([key, url]) => `  ${LABELS[key as keyof typeof urls].padEnd(18)} ${url}`),
    ...(facts.demoOwner ? demoLines(facts.demoOwner) : []),
    '',
    '',
  ];
  process.stdout.write(lines.join('\n'));
}
