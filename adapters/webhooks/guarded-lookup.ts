import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { isPublicAddress } from '../../core/services/webhooks/address-policy.ts';

/** Resolves a host name to every address it has (injectable: tests answer with a table, no real DNS). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** The connection was refused because the host is, or resolves to, a non-public address. */
class AddressRefusedError extends Error {
  override name = 'AddressRefusedError';
  readonly code = 'WEBHOOK_ADDRESS_REFUSED';
}

/**
 * Refuses a literal IP host that is not public: Node connects to an IP literal without calling
 * `lookup`, so the guard checks it before the request starts.
 */
export function refuseLiteralAddress(hostname: string, allowPrivate: boolean): void {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(bare) !== 0 && !isPublicAddress(bare)) {
    throw new AddressRefusedError(`The webhook URL's address ${bare} is not a public address.`);
  }
}

/**
 * The `lookup` of a webhook connection: resolves the host at connect time and refuses when ANY of
 * its addresses is not public (unless private URLs are allowed), then hands the socket exactly the
 * addresses it checked. Checking at connect time, on the same answer the socket uses, is what stops
 * DNS rebinding: a name that was public when the endpoint was saved and private now is refused now.
 */
export function guardedLookup(resolve: Resolver, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (answers) => {
        const refused = allowPrivate ? undefined : answers.find((answer) => !isPublicAddress(answer.address));
        if (answers.length === 0 || refused) {
          const reason = refused ? `resolves to ${refused.address}, not a public address` : 'has no address';
          callback(new AddressRefusedError(`The webhook host ${hostname} ${reason}.`), '', 0);
          return;
        }
        const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
        const usable = wanted ? answers.filter((answer) => answer.family === wanted) : answers;
        if (usable.length === 0) {
          callback(new AddressRefusedError(`The webhook host ${hostname} has no IPv${wanted} address.`), '', 0);
          return;
        }
        if (options.all) (callback as unknown as (e: null, all: typeof usable) => void)(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}
