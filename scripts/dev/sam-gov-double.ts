import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A double of SAM.gov's Get Opportunities Public API v2 on 127.0.0.1, built from GSA's documented
 * shapes ("Get Opportunities Public API": request parameters, response fields, error messages), for
 * the tests and the benchmark; never the network. Serves `/opportunities/v2/search` (paging with
 * totalRecords/limit/offset; postedFrom/postedTo required, MM/dd/yyyy, at most a year apart; limit
 * 0 to 1000) and `/opportunities/v1/noticedesc?noticeid=` (the description links), both requiring
 * `api_key` (no key 401, a wrong key 403, GSA's messages). Faults are queued: a status with
 * Retry-After, a page cut off mid-JSON, a page that fails at a given offset until cleared.
 */

/** One notice as the search returns it (the documented v2 fields), with the double's extras. */
export type SamNotice = Record<string, unknown> & { noticeId: string; postedDate: string };

interface SamDoubleFault {
  status?: number;
  retryAfter?: string;
  /** A 200 whose JSON body is cut off in the middle. */
  truncate?: boolean;
}

export interface SamDouble {
  /** http://127.0.0.1:<port>: SAM_API_BASE_URL. */
  baseUrl: string;
  apiKey: string;
  /** The notices served (replace to change what SAM.gov "has" between runs). */
  notices: SamNotice[];
  /** Descriptions by notice id (the noticedesc endpoint); a notice without one answers 404 Description Not Found. */
  descriptions: Map<string, string>;
  /** Faults for the next requests, in order (a search or a description alike). */
  faults: SamDoubleFault[];
  /** Every search at this offset answers 500 until set back to undefined (a crash mid-sync). */
  failAtOffset: number | undefined;
  /** Each request served: path, and the query without api_key. */
  requests: Array<{ path: string; query: Record<string, string>; status: number }>;
  close(): Promise<void>;
}

/** MM/dd/yyyy -> a UTC day (YYYY-MM-DD), or undefined when not a real date in that format. */
function parseSamDate(text: string | null): string | undefined {
  const match = text === null ? null : /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return undefined;
  const day = `${match[3]}-${match[1]}-${match[2]}`;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? undefined : day;
}

/** The UTC day of a documented postedDate ("2018-05-09 23:45:22+00", "2020-07-02", ISO with an offset). */
function postedDay(posted: string): string {
  const date = new Date(posted.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
  return Number.isNaN(date.getTime()) ? posted.slice(0, 10) : date.toISOString().slice(0, 10);
}

const days = new WeakMap<SamNotice, string>();
/** postedDay, once per notice: every page request filters every notice. */
function dayOf(notice: SamNotice): string {
  let day = days.get(notice);
  if (day === undefined) days.set(notice, (day = postedDay(notice.postedDate)));
  return day;
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** A notice shaped like GSA's v2 examples: `i` makes it unique, `overrides` change any field. */
export function samNotice(baseUrl: string, i: number, overrides: Record<string, unknown> = {}): SamNotice {
  const noticeId = `double${String(i).padStart(10, '0')}`;
  return {
    noticeId,
    title: `Facility maintenance services ${i}`,
    solicitationNumber: `SOL-${i}`,
    fullParentPathName: 'GENERAL SERVICES ADMINISTRATION.PUBLIC BUILDINGS SERVICE.PBS R7 OFFICE',
    fullParentPathCode: '047.4740.47PK01',
    postedDate: '2026-11-20 10:00:00+00',
    type: 'Combined Synopsis/Solicitation',
    baseType: 'Combined Synopsis/Solicitation',
    archiveType: 'autocustom',
    archiveDate: '2027-06-30',
    typeOfSetAsideDescription: 'Total Small Business Set-Aside (FAR 19.5)',
    typeOfSetAside: 'SBA',
    responseDeadLine: '2027-06-01T15:00:00-05:00',
    naicsCode: '238220',
    naicsCodes: ['238220'],
    classificationCode: 'Z1DA',
    active: 'Yes',
    award: null,
    pointOfContact: [
      {
        fax: null,
        type: 'primary',
        email: 'officer@example.gov',
        phone: '555-0100',
        title: null,
        fullName: 'A. Officer',
      },
    ],
    description: ` ${baseUrl}/opportunities/v1/noticedesc?noticeid=${noticeId}`,
    organizationType: 'OFFICE',
    officeAddress: { zipcode: '76102', city: 'FORT WORTH', countryCode: 'USA', state: 'TX' },
    placeOfPerformance: {
      streetAddress: '819 Taylor St',
      city: { code: '27000', name: 'Fort Worth' },
      state: { code: 'TX', name: 'Texas' },
      zip: '76102',
      country: { code: 'USA', name: 'UNITED STATES' },
    },
    additionalInfoLink: null,
    uiLink: `https://sam.gov/opp/${noticeId}/view`,
    links: [{ rel: 'self', href: `${baseUrl}/opportunities/v2/search?noticeid=${noticeId}&limit=1` }],
    resourceLinks: null,
    ...overrides,
  };
}

export async function startSamDouble(options: { apiKey?: string; notices?: SamNotice[] } = {}): Promise<SamDouble> {
  const apiKey = options.apiKey ?? 'double-key-0123456789';
  const sockets = new Set<Socket>();
  const double: Omit<SamDouble, 'baseUrl' | 'close'> = {
    apiKey,
    notices: options.notices ?? [],
    descriptions: new Map(),
    faults: [],
    failAtOffset: undefined,
    requests: [],
  };

  function handle(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const query = Object.fromEntries([...url.searchParams].filter(([name]) => name !== 'api_key'));
    const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      double.requests.push({ path: url.pathname, query, status });
      send(response, status, body, headers);
    };
    const key = url.searchParams.get('api_key');
    if (key === null)
      return reply(401, {
        error: { code: 'API_KEY_MISSING', message: 'No api_key was supplied. Please submit with a valid API key.' },
      });
    if (key !== apiKey)
      return reply(403, {
        error: {
          code: 'API_KEY_INVALID',
          message: 'An invalid api_key was supplied. Get one at https://api.data.gov:443',
        },
      });
    const fault = double.faults.shift();
    if (fault?.status)
      return reply(
        fault.status,
        { message: 'Simulated failure' },
        fault.retryAfter ? { 'retry-after': fault.retryAfter } : {},
      );

    if (url.pathname === '/opportunities/v1/noticedesc') {
      const text = double.descriptions.get(url.searchParams.get('noticeid') ?? '');
      if (text === undefined) return reply(404, { message: 'Description Not Found' });
      return reply(200, { description: text });
    }
    if (url.pathname !== '/opportunities/v2/search') return reply(404, { message: 'Not Found' });

    const rawFrom = url.searchParams.get('postedFrom');
    const rawTo = url.searchParams.get('postedTo');
    if (rawFrom === null || rawTo === null)
      return reply(400, { errorMessage: 'PostedFrom and PostedTo are mandatory' });
    const from = parseSamDate(rawFrom);
    const to = parseSamDate(rawTo);
    if (!from || !to) return reply(400, { errorMessage: 'Invalid Date Entered. Expected date format is MM/dd/yyyy' });
    const yearLater = new Date(`${from}T00:00:00Z`);
    yearLater.setUTCFullYear(yearLater.getUTCFullYear() + 1);
    if (to > yearLater.toISOString().slice(0, 10) || to < from)
      return reply(400, { errorMessage: 'Date range must be 1 year(s) apart' });
    const limitText = url.searchParams.get('limit') ?? '';
    const offsetText = url.searchParams.get('offset') ?? '0';
    if (!/^\d+$/.test(limitText) || !/^\d+$/.test(offsetText))
      return reply(400, { errorMessage: 'limit/offset must be a positive number.' });
    const limit = Number(limitText);
    const offset = Number(offsetText);
    if (limit > 1000) return reply(400, { errorMessage: 'Limit valid range is 0-1000. Please provide valid input.' });
    if (double.failAtOffset !== undefined && offset === double.failAtOffset)
      return reply(500, { message: 'Simulated crash' });

    const matching = double.notices.filter((notice) => {
      const day = dayOf(notice);
      return day >= from && day <= to;
    });
    const body = JSON.stringify({
      totalRecords: matching.length,
      limit,
      offset,
      opportunitiesData: matching.slice(offset, offset + limit),
      links: [{ rel: 'self', href: `${url.origin}/opportunities/v2/search` }],
    });
    double.requests.push({ path: url.pathname, query, status: 200 });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(fault?.truncate ? body.slice(0, Math.floor(body.length / 2)) : body);
  }

  const server = createServer(handle);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(double, {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}
