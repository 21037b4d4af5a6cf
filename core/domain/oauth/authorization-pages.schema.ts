import { z } from 'zod';

/** The browser is sent on: to the client (a code or an error) or back to the authorization endpoint. */
export const ZRedirectStep = z.object({ next: z.literal('redirect'), location: z.string() });

const ZPendingRequest = {
  /** The pending authorization request as a query string: the forms carry it back. */
  request: z.string(),
  /** The form's anti-CSRF token, bound to the browser's cookie and to `request`. */
  form_token: z.string(),
  client_name: z.string().nullable(),
  /** A client known by its metadata document: its logo (an https URL the page shows without credentials), else null. */
  client_logo_uri: z.string().nullable(),
  /** A client known by its metadata document: the host publishing it (who the client is), else null. */
  client_host: z.string().nullable(),
  /**
   * The redirect URI is a loopback callback (a program on the user's own computer): for a client
   * known by its metadata document the page warns that the document cannot vouch for that program
   * (MCP 2026-07-28, "Localhost Redirect URI Risks").
   */
  loopback_redirect: z.boolean(),
  redirect_uri: z.string(),
  /** What the user is shown of the redirect URI: its host (or its scheme for a private-use URI). */
  redirect_host: z.string(),
};

const ZLoginPage = z.object({
  ...ZPendingRequest,
  /** The e-mail address typed before, shown again after a failed attempt. */
  email: z.string().optional(),
  error: z.string().optional(),
});

const ZConsentPage = z.object({
  ...ZPendingRequest,
  user: z.object({ name: z.string(), email: z.string() }),
  /** `writes_allowed`: the user's role there (owner or admin) lets them grant write scopes; a member's grant is read-only. */
  businesses: z.array(z.object({ id: z.string(), name: z.string(), writes_allowed: z.boolean() })).min(1),
  /** `optional`: a write scope the user may untick; `offered: false`: a write scope none of their businesses lets them grant. */
  scopes: z.array(
    z.object({
      scope: z.string(),
      title: z.string(),
      description: z.string(),
      optional: z.boolean(),
      offered: z.boolean(),
    }),
  ),
});

export const ZLoginStep = z.object({ next: z.literal('login'), login: ZLoginPage });
export const ZConsentStep = z.object({ next: z.literal('consent'), consent: ZConsentPage });

/** The cookie value a transport keeps for this browser (see browser-sessions.ts). */
export const ZBrowserKey = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'expected the browser cookie value' });
/** A pending request travels in forms; bounded like a URL query. */
export const ZRequestQuery = z.string().max(16_000);
/** Missing or malformed tokens are checked (and refused) like wrong ones, so any short string is let through. */
export const ZFormToken = z.string().max(200);

export type LoginPage = z.infer<typeof ZLoginPage>;
export type ConsentPage = z.infer<typeof ZConsentPage>;
