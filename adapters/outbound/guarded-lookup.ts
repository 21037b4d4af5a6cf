import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { isLoopbackAddress, isPublicAddress } from '../../core/services/webhooks/address-policy.ts';

/**
 * The connect-time SSRF guard of every outbound request the service makes to a URL someone else
 * chose: webhook deliveries (adapters/webhooks/) and OAuth client ID metadata documents
 * (adapters/oauth/client-document-fetcher.ts). One guard, so that both refuse the same addresses.
 */

/** Resolves a host name to every address it has (injectable: tests answer with a table, no real DNS). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Which addresses a connection may reach: `public` (production), `public-or-loopback` (a development
 * or test flag that lets a server on this machine answer, and still nothing on a private network),
 * `any` (WEBHOOK_ALLOW_PRIVATE_URLS: development and tests only).
 */
export type AddressAllowance = 'public' | 'public-or-loopback' | 'any';

function allowed(address: string, allowance: AddressAllowance): boolean {
  if (allowance === 'any' || isPublicAddress(address)) return true;
  return allowance === 'public-or-loopback' && isLoopbackAddress(address);
}

/**
 * The connection was not made: the host is, or resolves to, an address the allowance excludes, or
 * its name did not resolve. The message is what the party who chose the URL is told, and it is the
 * same whether the name resolved to a private address, to nothing or not at all: the answers of our
 * resolver are not theirs to see (they would map the internal network, and which names exist in
 * it). `detail` holds what happened (the address, the DNS error code), for the server log only.
 */
export class AddressRefusedError extends Error {
  override name = 'AddressRefusedError';
  readonly code = 'ADDRESS_REFUSED';

  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
  }
}

function unreachable(hostname: string, detail: string): AddressRefusedError {
  return new AddressRefusedError(`The host ${hostname} could not be reached at a public address.`, detail);
}

/**
 * Refuses a literal IP host the allowance excludes: Node connects to an IP literal without calling
 * `lookup`, so the guard checks it before the request starts.
 */
export function refuseLiteralAddress(hostname: string, allowance: AddressAllowance): void {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare) !== 0 && !allowed(bare, allowance)) {
    throw new AddressRefusedError("The URL's host is not a public address.", `literal address ${bare}`);
  }
}

/**
 * The `lookup` of a guarded connection: resolves the host at connect time and refuses when ANY of
 * its addresses is excluded by the allowance, then hands the socket exactly the addresses it
 * checked. Checking at connect time, on the same answer the socket uses, is what stops DNS
 * rebinding: a name that was public when the URL was saved and private now is refused now.
 */
export function guardedLookup(resolve: Resolver, allowance: AddressAllowance): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (answers) => {
        const refused = answers.find((answer) => !allowed(answer.address, allowance));
        if (answers.length === 0 || refused) {
          const detail = refused ? `${hostname} resolves to ${refused.address}` : `${hostname} has no address`;
          callback(unreachable(hostname, detail), '', 0);
          return;
        }
        const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
        const usable = wanted ? answers.filter((answer) => answer.family === wanted) : answers;
        if (usable.length === 0) {
          callback(unreachable(hostname, `${hostname} has no IPv${wanted} address`), '', 0);
          return;
        }
        if (options.all) (callback as unknown as (e: null, all: typeof usable) => void)(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: unknown) => {
        const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
        callback(unreachable(hostname, `${hostname} did not resolve (${code})`), '', 0);
      },
    );
  };
}
