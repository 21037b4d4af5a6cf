import Router from '@koa/router';
import { AppError, classifyError } from '../../core/errors/index.ts';
import { perSite } from '../../core/per-site.ts';
import type { ConsentPage, LoginPage } from '../../core/domain/oauth/authorization-pages.schema.ts';
import { oauthUrls } from '../../core/services/oauth/urls.ts';
import type { ProcedureRoutesOptions } from '../http/procedure-access.ts';
import { requestFacts } from '../http/request-facts.ts';
import type { HttpState, KoaCtx } from '../http/state.ts';
import { browserCookie, ensureBrowserKey, readBrowserKey, writeBrowserKey } from './browser-cookie.ts';
import { crossSitePostRefusal } from './cross-site-post.ts';
import { readOAuthForm } from './form-body.ts';
import { consentLogoOrigin, renderConsentPage } from './pages/consent-page.ts';
import type { PageLinks } from './pages/layout.ts';
import { renderLoginPage } from './pages/login-page.ts';
import { renderMessagePage } from './pages/message-page.ts';
import { formActionSource, sendPage, sendRedirect } from './pages/page-response.ts';
import { pagesStylesheet } from './pages/stylesheet.ts';

export interface AuthorizationRoutesOptions extends ProcedureRoutesOptions {
  /**
   * {site_url}: what the cookie's form depends on. A request's loopback alias (development) never
   * changes it: the aliases are plain-http loopback names like the default site URL.
   */
  siteUrl: string;
}

const pageTitles: Record<string, string> = {
  AUTHORIZATION_REQUEST_INVALID: 'This sign-in link cannot be used',
  CLIENT_METADATA_DOCUMENT_UNAVAILABLE: 'The application could not be identified',
  CLIENT_METADATA_DOCUMENT_INVALID: 'The application could not be identified',
  FORM_CHECK_FAILED: 'The form was not accepted',
  NO_BUSINESS_MEMBERSHIP: 'No business to connect',
  RATE_LIMITED: 'Too many attempts',
  SERVER_BUSY: 'Too many sign-ins at once',
};

/** The scope values of a consent form: every `scope` field (checkboxes repeat the name). */
const REPEATABLE_FIELDS = ['scope'];

/**
 * `GET|POST {base_url}/oauth/authorize`: the browser side of the authorization code flow. GET
 * shows the login or consent page (or redirects a request error to the client); POST takes the
 * login form (`action=sign_in`) and the consent form (`action=approve|deny|switch_account`).
 * Every answer is an HTML page or a 303, never cached; errors that must not be redirected are
 * pages with the catalogue's status. Other methods get 405 with Allow.
 */
export function authorizationRoutes(options: AuthorizationRoutesOptions): Router<HttpState> {
  const { invoker, createContext, prefix, siteUrl } = options;
  const cookie = browserCookie(siteUrl);
  // The forms post back to the name the page was shown on, where the browser holds its cookie.
  const linksOf = perSite((urls): PageLinks => ({
    authorize: oauthUrls(urls).authorizationEndpoint,
    stylesheet: `${prefix}/oauth/pages.css`,
  }));

  function showLogin(ctx: KoaCtx, login: LoginPage, status = 200): void {
    sendPage(
      ctx,
      status,
      renderLoginPage(login, linksOf(ctx.state.urls)),
      [formActionSource(login.redirect_uri)].filter((source): source is string => !!source),
    );
  }
  function showConsent(ctx: KoaCtx, consent: ConsentPage): void {
    sendPage(
      ctx,
      200,
      renderConsentPage(consent, linksOf(ctx.state.urls)),
      [formActionSource(consent.redirect_uri)].filter((source): source is string => !!source),
      consentLogoOrigin(consent),
    );
  }
  function showError(ctx: KoaCtx, error: unknown): void {
    const classified = classifyError(error, ctx.state.requestId);
    if (classified.unexpected) ctx.state.log.error({ err: error }, 'unexpected error');
    const { body } = classified;
    if (body.status < 500) ctx.state.log.warn({ code: body.code, reason: body.message }, 'authorization refused');
    for (const [name, value] of Object.entries(classified.headers)) ctx.set(name, value);
    const title =
      pageTitles[body.code] ?? (body.status >= 500 ? 'Something went wrong' : 'The request was not accepted');
    sendPage(
      ctx,
      body.status,
      renderMessagePage(title, body.message, body.resolution, linksOf(ctx.state.urls), body.code, ctx.state.requestId),
    );
  }

  /**
   * A refusal answered to the client (RFC 6749 section 4.1.2.1: `error` on the redirect URI) is
   * logged too, at info: the operator sees why a sign-in ended without having to ask the client.
   */
  function redirect(ctx: KoaCtx, location: string): void {
    const error = URL.canParse(location) ? new URL(location).searchParams : undefined;
    if (error?.has('error'))
      ctx.state.log.info(
        { error: error.get('error'), reason: error.get('error_description') },
        'authorization refused to the client',
      );
    sendRedirect(ctx, location);
  }

  async function answerGet(ctx: KoaCtx): Promise<void> {
    const browserKey = ensureBrowserKey(ctx, cookie);
    const step = await invoker.call(
      'protocols.oauth.authorization.beginAuthorization',
      { query: ctx.querystring, browser_key: browserKey },
      createContext(requestFacts(ctx)),
    );
    if (step.next === 'redirect') redirect(ctx, step.location);
    else if (step.next === 'login') showLogin(ctx, step.login);
    else showConsent(ctx, step.consent);
  }

  async function answerPost(ctx: KoaCtx): Promise<void> {
    const refusal = crossSitePostRefusal(ctx, ctx.state.urls.site);
    if (refusal) throw new AppError('FORM_CHECK_FAILED', `${refusal} Nothing was done.`);
    const form = await readOAuthForm(ctx, REPEATABLE_FIELDS);
    const browserKey = readBrowserKey(ctx, cookie);
    if (!browserKey)
      throw new AppError(
        'FORM_CHECK_FAILED',
        "Your browser did not send this site's cookie with the form, so it cannot be accepted.",
      );
    const context = createContext(requestFacts(ctx));
    const fields = form.single;
    const pending = { request: fields.request ?? '', form_token: fields.form_token ?? '', browser_key: browserKey };
    const action = fields.action;
    if (action === 'sign_in') {
      const step = await invoker.call(
        'protocols.oauth.authorization.signIn',
        { ...pending, email: fields.email ?? '', password: fields.password ?? '' },
        context,
      );
      if (step.next === 'signed_in') {
        writeBrowserKey(ctx, cookie, step.session.secret, step.session.max_age_seconds);
        sendRedirect(ctx, step.location);
      } else if (step.next === 'login') showLogin(ctx, step.login, 400);
      else redirect(ctx, step.location);
      return;
    }
    if (action === 'approve' || action === 'deny' || action === 'switch_account') {
      const input = {
        ...pending,
        decision: action,
        business_id: fields.business_id,
        scopes: form.repeated.scope ?? [],
      };
      const step = await invoker.call('protocols.oauth.authorization.decideAuthorization', input, context);
      redirect(ctx, step.location);
      return;
    }
    throw new AppError('VALIDATION_FAILED', 'The form did not say what to do (sign in, allow or deny).');
  }

  const router = new Router<HttpState>({ prefix });
  router.get('/oauth/authorize', async (ctx) => {
    try {
      await answerGet(ctx);
    } catch (error) {
      showError(ctx, error);
    }
  });
  router.post('/oauth/authorize', async (ctx) => {
    try {
      await answerPost(ctx);
    } catch (error) {
      showError(ctx, error);
    }
  });
  router.get('/oauth/pages.css', (ctx) => {
    ctx.type = 'text/css; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = pagesStylesheet;
  });
  return router;
}
