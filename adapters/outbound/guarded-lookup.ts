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

/** The connection was refused because the host is, or resolves to, an address the allowance excludes. */
export class AddressRefusedError extends Error {
  override name = 'AddressRefusedError';
  readonly code = 'ADDRESS_REFUSED';
}

/**
 * Refuses a literal IP host the allowance excludes: Node connects to an IP literal without calling
 * `lookup`, so the guard checks it before the request starts.
 */
export function refuseLiteralAddress(hostname: string, allowance: AddressAllowance): void {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare) !== 0 && !allowed(bare, allowance)) {
    throw new AddressRefusedError(`The URL's address ${bare} is not a public address.`);
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
          const reason = refused ? `resolves to ${refused.address}, not a public address` : 'has no address';
          callback(new AddressRefusedError(`The host ${hostname} ${reason}.`), '', 0);
          return;
        }
        const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
        const usable = wanted ? answers.filter((answer) => answer.family === wanted) : answers;
        if (usable.length === 0) {
          callback(new AddressRefusedError(`The host ${hostname} has no IPv${wanted} address.`), '', 0);
          return;
        }
        if (options.all) (callback as unknown as (e: null, all: typeof usable) => void)(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}
