/** What a fetch of a client ID metadata document answered: the parsed JSON and how long it may be reused. */
export type FetchedClientDocument =
  | {
      ok: true;
      /** The body, parsed as JSON (any JSON value: the document checks say whether it is a client's). */
      body: unknown;
      /** Cache-Control's max-age in seconds, when the response had one. */
      maxAgeSeconds: number | undefined;
      /** Cache-Control said no-store or no-cache: do not reuse it beyond this authorization step. */
      noStore: boolean;
    }
  | {
      ok: false;
      /** Why there is no document, in words a developer can act on (shown on the error page). */
      problem: string;
      /** `refused`: the guard would not connect (an address that is not public); else the fetch failed. */
      kind: 'refused' | 'failed';
      /**
       * What happened beyond `problem` (the address the host resolved to, the DNS error code): for
       * the server log only. `problem` reaches anyone who opens an authorization URL, and must not
       * reveal what our resolver answers.
       */
      detail?: string;
    };

/**
 * The port through which the authorization server fetches a client ID metadata document
 * (draft-ietf-oauth-client-id-metadata-document). The transport side (adapters/oauth/) implements
 * it with the connect-time SSRF guard, no redirects, a size limit and a deadline; core never makes
 * the request itself. Never throws: every failure is an answer.
 */
export interface ClientDocumentFetcher {
  fetch(url: string): Promise<FetchedClientDocument>;
}
