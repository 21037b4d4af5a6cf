import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { uniqueSuffix } from '../accounts/fixtures.ts';
import { sql } from '../helpers/sql.ts';
import {
  authorizationParameters,
  authorizeEndpoint,
  createMember,
  expectPage,
  loginForm,
  PASSWORD,
  registerClient,
  startSideApp,
  TestBrowser,
  type PageResponse,
  type SideApp,
  type TestClient,
} from './authorize-fixtures.ts';

const INCORRECT = 'Incorrect e-mail or password.';

/** A client address no other test uses. */
const address = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

/** How many answers had each status. */
function statuses(responses: PageResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.status] = (counts[response.status] ?? 0) + 1;
  return counts;
}

/** One login page, then its form posted once per entry of `attempts`, all at once, each from its own X-Forwarded-For address. */
async function postAtOnce(
  app: SideApp,
  client: TestClient,
  attempts: Array<{ from: string; email: string; password: string }>,
): Promise<PageResponse[]> {
  const browser = new TestBrowser(app.url);
  const login = await browser.get(`${authorizeEndpoint(app.url)}?${authorizationParameters(client)}`);
  expectPage(login, 200, 'Sign in');
  return Promise.all(
    attempts.map(({ from, email, password }) =>
      browser.post(authorizeEndpoint(app.url), loginForm(login.text, email, password), { 'x-forwarded-for': from }),
    ),
  );
}

async function attempt(
  app: SideApp,
  client: TestClient,
  from: string,
  email: string,
  password: string,
): Promise<PageResponse> {
  const [response] = await postAtOnce(app, client, [{ from, email, password }]);
  return response!;
}

describe('POST /api/oauth/authorize: the login throttle under concurrent attempts', function () {
  this.timeout(120_000);
  let client: TestClient;
  before(async () => {
    client = await registerClient();
  });

  describe('a budget of 5 failures', () => {
    let app: SideApp;
    before(async () => {
      app = await startSideApp({ oauthLoginMaxFailures: 5, trustProxy: true });
    });
    after(() => app?.close());

    it('checks exactly 5 passwords of 50 wrong attempts at one e-mail sent at once (from 50 addresses), refuses the other 45 with 429, then the right password too', async () => {
      const user = await createMember();
      const responses = await postAtOnce(
        app,
        client,
        Array.from({ length: 50 }, () => ({ from: address(), email: user.email, password: 'wrong password' })),
      );
      expect(statuses(responses)).to.deep.equal({ 400: 5, 429: 45 });
      expect(responses.filter((response) => response.text.includes(INCORRECT))).to.have.length(5);
      for (const refused of responses.filter((response) => response.status === 429)) {
        expectPage(refused, 429, 'Too many failed sign-in attempts');
        expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 900);
      }
      expectPage(await attempt(app, client, address(), user.email, PASSWORD), 429, 'Too many failed sign-in attempts');
      expect(await sql('select 1 from oauth_browser_sessions where user_id = ?', [user.id])).to.have.length(0);
    });

    it('checks exactly 5 passwords of 50 wrong attempts from one address sent at once (over 50 e-mail addresses)', async () => {
      const from = address();
      const responses = await postAtOnce(
        app,
        client,
        Array.from({ length: 50 }, () => ({ from, email: `nobody-${uniqueSuffix()}@example.test`, password: 'guess' })),
      );
      expect(statuses(responses)).to.deep.equal({ 400: 5, 429: 45 });
    });

    it('counts a right password sent among wrong ones at once as no failure of the address', async () => {
      const user = await createMember();
      const from = address();
      const responses = await postAtOnce(app, client, [
        { from, email: user.email, password: PASSWORD },
        ...Array.from({ length: 3 }, () => ({
          from,
          email: `nobody-${uniqueSuffix()}@example.test`,
          password: 'guess',
        })),
      ]);
      expect(statuses(responses)).to.deep.equal({ 303: 1, 400: 3 });
      // 3 failures counted on the address, not 4: two more are still allowed.
      for (let index = 0; index < 2; index += 1)
        expectPage(await attempt(app, client, from, `nobody-${uniqueSuffix()}@example.test`, 'guess'), 400, INCORRECT);
      expectPage(await attempt(app, client, from, `nobody-${uniqueSuffix()}@example.test`, 'guess'), 429);
    });

    it("counts every spelling of an e-mail address that the user lookup takes for one against one budget (letter case, spaces, and the database's case rule for Σ)", async () => {
      // JavaScript lowers a final Σ to ς, PostgreSQL to σ; the user lookup matches with PostgreSQL's lower().
      const local = `ασ-${randomBytes(4).toString('hex')}`;
      const spellings = [
        `${local}@example.test`,
        `  ${local.toUpperCase()}@EXAMPLE.TEST `,
        `ΑΣ-${local.slice(3)}@Example.Test`,
        `Ασ-${local.slice(3)}@example.test`,
        `${local}@example.TEST`,
      ];
      for (const spelling of spellings)
        expectPage(await attempt(app, client, address(), spelling, 'guess'), 400, INCORRECT);
      expectPage(
        await attempt(app, client, address(), `${local}@example.test`, 'guess'),
        429,
        'Too many failed sign-in attempts',
      );
    });

    it('counts an IPv6 client per /64, and an IPv4-mapped IPv6 address as its IPv4 address', async () => {
      const prefix = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
      // Five addresses of one /64, written in several ways (a budget of 5).
      for (const from of [
        `${prefix}::1`,
        `${prefix}:abcd:ef01:2345:6789`,
        `${prefix}:ffff::2`,
        `${prefix}:0:0:0:3`,
        `[${prefix.toUpperCase()}::1]`,
      ]) {
        expectPage(await attempt(app, client, from, `nobody-${uniqueSuffix()}@example.test`, 'guess'), 400, INCORRECT);
      }
      expectPage(
        await attempt(app, client, `${prefix}:9999::42`, `nobody-${uniqueSuffix()}@example.test`, 'guess'),
        429,
        'Too many failed sign-in attempts',
      );
      // The neighbouring /64 is another client.
      const [a, b, c, d] = prefix.split(':');
      const neighbour = `${a}:${b}:${c}:${(parseInt(d!, 16) ^ 1).toString(16)}::1`;
      expectPage(
        await attempt(app, client, neighbour, `nobody-${uniqueSuffix()}@example.test`, 'guess'),
        400,
        INCORRECT,
      );

      const v4 = address();
      for (let index = 0; index < 5; index += 1) {
        const from = index % 2 === 0 ? v4 : `::ffff:${v4}`;
        expectPage(await attempt(app, client, from, `nobody-${uniqueSuffix()}@example.test`, 'guess'), 400, INCORRECT);
      }
      expectPage(await attempt(app, client, `::ffff:${v4}`, `nobody-${uniqueSuffix()}@example.test`, 'guess'), 429);
      expectPage(await attempt(app, client, v4, `nobody-${uniqueSuffix()}@example.test`, 'guess'), 429);
    });
  });

  describe('one password check at a time and no queue', () => {
    let app: SideApp;
    before(async () => {
      app = await startSideApp({
        oauthLoginMaxFailures: 3,
        trustProxy: true,
        passwordChecks: { concurrency: 1, queue: 0 },
      });
    });
    after(() => app?.close());

    it('answers sign-ins beyond the bound with 503 and Retry-After, before checking their passwords', async () => {
      const responses = await postAtOnce(
        app,
        client,
        Array.from({ length: 6 }, () => ({
          from: address(),
          email: `nobody-${uniqueSuffix()}@example.test`,
          password: 'guess',
        })),
      );
      const counts = statuses(responses);
      expect(Object.keys(counts).sort()).to.deep.equal(['400', '503']);
      expect(counts[400]).to.be.at.least(1);
      for (const busy of responses.filter((response) => response.status === 503)) {
        expectPage(busy, 503, 'The service is busy with other password checks.');
        expect(busy.text).to.contain('Too many sign-ins at once');
        expect(Number(busy.headers.get('retry-after'))).to.be.within(1, 60);
      }
    });

    it('does not count a sign-in refused as busy as a failure of the e-mail', async () => {
      const user = await createMember();
      const responses = await postAtOnce(
        app,
        client,
        Array.from({ length: 6 }, () => ({ from: address(), email: user.email, password: 'wrong password' })),
      );
      const counts = statuses(responses);
      expect(counts[503], JSON.stringify(counts)).to.be.at.least(1);
      let checked = counts[400] ?? 0;
      // One at a time now: wrong passwords are checked until the budget of 3 is spent, counting the ones above.
      for (;;) {
        const next = await attempt(app, client, address(), user.email, 'wrong password');
        if (next.status === 429) break;
        expectPage(next, 400, INCORRECT);
        checked += 1;
      }
      expect(checked).to.equal(3);
    });
  });
});
