import { AppError, isAppError } from '../../errors/index.ts';
import { checkUserPassword } from '../../services/accounts/check-password.ts';
import { checkAuthorizationRequest } from '../../services/oauth/authorize/authorization-request.ts';
import { BROWSER_SESSION_TTL_SECONDS, startBrowserSession } from '../../services/oauth/authorize/browser-sessions.ts';
import { formTokenValid } from '../../services/oauth/authorize/form-token.ts';
import {
  cancelLoginAttempt,
  loginSucceeded,
  loginThrottleKeys,
  reserveLoginAttempt,
} from '../../services/oauth/authorize/login-throttle.ts';
import { loginPage } from '../../services/oauth/authorize/page-views.ts';
import { oauthUrls } from '../../services/oauth/urls.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZSignInInput, ZSignInOutput } from './sign-in.schema.ts';

/** The same words for an unknown e-mail and a wrong password: the page must not tell which addresses exist. */
const SIGN_IN_FAILED = 'Incorrect e-mail or password.';

/**
 * The login form of the authorization endpoint. The form token must be this browser's, for this
 * pending request, made with the server's key (FORM_CHECK_FAILED otherwise: nothing else happens).
 * Failed attempts are throttled per e-mail and per client address: each attempt reserves a failure
 * on both before the password is checked (RATE_LIMITED once a budget is spent, so concurrent
 * attempts cannot overrun it), and the check itself waits for a turn of the service-wide bound on
 * password checks (SERVER_BUSY beyond its queue). A success starts a new session and continues to
 * the authorization endpoint with the same request, never anywhere else.
 */
export const signIn = publicProcedure
  .input(ZSignInInput)
  .output(ZSignInOutput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    const formKey = await ctx.services.oauth.formTokenKey(ctx.log);
    if (!formTokenValid(formKey, input.form_token, input.browser_key, 'sign-in', input.request, now)) {
      throw new AppError(
        'FORM_CHECK_FAILED',
        'This sign-in form is not valid any more (it expired, or it was not sent from this site).',
      );
    }
    const checked = await checkAuthorizationRequest(ctx.em, ctx.urls, input.request, {
      services: ctx.services,
      clientAddress: ctx.clientAddress,
      log: ctx.log,
      now,
    });
    if (!checked.valid) return { next: 'redirect' as const, location: checked.location };
    const { request } = checked;
    const email = input.email.trim();
    if (email === '' || input.password === '') {
      return {
        next: 'login' as const,
        login: loginPage(formKey, request, input.browser_key, now, {
          email,
          error: 'Enter your e-mail address and your password.',
        }),
      };
    }

    const limiter = ctx.services.rateLimiters.oauthLogin;
    const attempt = await reserveLoginAttempt(limiter, await loginThrottleKeys(ctx.em, email, ctx.clientAddress));
    if ('refusal' in attempt) {
      const minutes = Math.ceil(attempt.refusal.resetSeconds / 60);
      throw new AppError(
        'RATE_LIMITED',
        `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        {
          headers: { 'Retry-After': String(attempt.refusal.resetSeconds) },
        },
      );
    }
    const { reservation } = attempt;
    let verified: Awaited<ReturnType<typeof checkUserPassword>>;
    try {
      verified = await checkUserPassword(ctx.em, ctx.services, { email, password: input.password, now });
    } catch (error) {
      // Refused before any password was checked: not a failure. Any other error keeps the reservation.
      if (isAppError(error) && error.appCode === 'SERVER_BUSY') await cancelLoginAttempt(limiter, reservation);
      throw error;
    }
    // A failure keeps its reservation: that is the count.
    if (!verified)
      return {
        next: 'login' as const,
        login: loginPage(formKey, request, input.browser_key, now, { email, error: SIGN_IN_FAILED }),
      };
    await loginSucceeded(limiter, reservation);
    const session = await startBrowserSession(ctx.em, verified.userId, now);
    return {
      next: 'signed_in' as const,
      session: { secret: session.secret, max_age_seconds: BROWSER_SESSION_TTL_SECONDS },
      location: `${oauthUrls(ctx.urls).authorizationEndpoint}?${request.query}`,
    };
  });
