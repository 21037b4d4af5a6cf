import { AppError } from '../../errors/index.ts';
import { checkUserPassword } from '../../services/accounts/check-password.ts';
import { checkAuthorizationRequest } from '../../services/oauth/authorize/authorization-request.ts';
import { BROWSER_SESSION_TTL_SECONDS, startBrowserSession } from '../../services/oauth/authorize/browser-sessions.ts';
import { formTokenValid } from '../../services/oauth/authorize/form-token.ts';
import { countLoginFailure, forgetEmailFailures, loginRefusal, loginThrottleKeys } from '../../services/oauth/authorize/login-throttle.ts';
import { loginPage } from '../../services/oauth/authorize/page-views.ts';
import { oauthUrls } from '../../services/oauth/urls.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZSignInInput, ZSignInOutput } from './sign-in.schema.ts';

/** The same words for an unknown e-mail and a wrong password: the page must not tell which addresses exist. */
export const SIGN_IN_FAILED = 'Incorrect e-mail or password.';

/**
 * The login form of the authorization endpoint. The form token must be this browser's, for this
 * pending request, made with the server's key (FORM_CHECK_FAILED otherwise: nothing else happens). Failed attempts are
 * throttled per e-mail and per client address (RATE_LIMITED once a budget is spent, before the
 * password is even checked). A success starts a new session and continues to the authorization
 * endpoint with the same request, never anywhere else.
 */
export const signIn = publicProcedure
  .input(ZSignInInput)
  .output(ZSignInOutput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    const formKey = await ctx.services.oauth.formTokenKey(ctx.log);
    if (!formTokenValid(formKey, input.form_token, input.browser_key, 'sign-in', input.request, now)) {
      throw new AppError('FORM_CHECK_FAILED', 'This sign-in form is not valid any more (it expired, or it was not sent from this site).');
    }
    const checked = await checkAuthorizationRequest(ctx.em, ctx.urls, input.request);
    if (!checked.valid) return { next: 'redirect' as const, location: checked.location };
    const { request } = checked;
    const email = input.email.trim();
    if (email === '' || input.password === '') {
      return { next: 'login' as const, login: loginPage(formKey, request, input.browser_key, now, { email, error: 'Enter your e-mail address and your password.' }) };
    }

    const limiter = ctx.services.rateLimiters.oauthLogin;
    const throttle = loginThrottleKeys(email, ctx.clientAddress);
    const refusal = await loginRefusal(limiter, throttle);
    if (refusal) {
      const minutes = Math.ceil(refusal.resetSeconds / 60);
      throw new AppError('RATE_LIMITED', `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
        headers: { 'Retry-After': String(refusal.resetSeconds) },
      });
    }
    const verified = await checkUserPassword(ctx.em, ctx.services.passwordChecks, { email, password: input.password, now });
    if (!verified) {
      await countLoginFailure(limiter, throttle);
      return { next: 'login' as const, login: loginPage(formKey, request, input.browser_key, now, { email, error: SIGN_IN_FAILED }) };
    }
    await forgetEmailFailures(limiter, throttle);
    const session = await startBrowserSession(ctx.em, verified.userId, now);
    return {
      next: 'signed_in' as const,
      session: { secret: session.secret, max_age_seconds: BROWSER_SESSION_TTL_SECONDS },
      location: `${oauthUrls(ctx.urls).authorizationEndpoint}?${request.query}`,
    };
  });
