import { AddressRefusedError } from './guarded-lookup.ts';

/** Why an outbound request failed: `message` for the party who chose the URL, `detail` for the server log only. */
export interface OutboundFailure {
  message: string;
  detail: string | undefined;
}

const CONNECTION_PHRASES: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'there is no route to it',
  ENETUNREACH: 'there is no route to it',
};

/**
 * An outbound request's error in words that name no address of ours. A refusal of the guard says
 * only "is not a public address" or "could not be reached" (AddressRefusedError); a socket error
 * (its code E...) is named in plain words, since Node writes the address it connected to into the
 * message ("connect ECONNREFUSED 203.0.113.7:443"), and that address is our resolver's answer. The
 * rest (the deadline, a TLS certificate problem, an unparsable answer) names nothing of ours and
 * keeps its message. Does NOT cover what a receiver writes in its own answer (that is its own).
 */
export function outboundFailure(error: unknown): OutboundFailure {
  if (error instanceof AddressRefusedError) return { message: error.message, detail: error.detail };
  const { code, message } = error as NodeJS.ErrnoException;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) {
    const phrase = CONNECTION_PHRASES[code] ?? 'the connection failed';
    return { message: `The host could not be reached (${phrase}).`, detail: message || code };
  }
  return { message: message || 'The host could not be reached.', detail: undefined };
}
