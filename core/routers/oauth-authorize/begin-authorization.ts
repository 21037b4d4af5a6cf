import { AppError } from '../../errors/index.ts';
import { checkAuthorizationRequest } from '../../services/oauth/authorize/authorization-request.ts';
import { signedInUser } from '../../services/oauth/authorize/browser-sessions.ts';
import { memberBusinesses } from '../../services/oauth/authorize/member-businesses.query.ts';
import { consentPage, loginPage } from '../../services/oauth/authorize/page-views.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZBeginAuthorizationInput, ZBeginAuthorizationOutput } from './begin-authorization.schema.ts';

/**
 * `GET {base_url}/oauth/authorize`: checks the authorization request, then answers what the
 * browser sees next: the error redirect to the client, the login page (nobody signed in on this
 * browser), or the consent page. A bad client or redirect URI throws AUTHORIZATION_REQUEST_INVALID
 * (shown, never redirected); a user without any business NO_BUSINESS_MEMBERSHIP.
 */
export const beginAuthorization = publicProcedure
  .input(ZBeginAuthorizationInput)
  .output(ZBeginAuthorizationOutput)
  .query(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    const checked = await checkAuthorizationRequest(ctx.em, ctx.urls, input.query, {
      services: ctx.services,
      clientAddress: ctx.clientAddress,
      log: ctx.log,
      now,
    });
    if (!checked.valid) return { next: 'redirect' as const, location: checked.location };
    const formKey = await ctx.services.oauth.formTokenKey(ctx.log);
    const user = await signedInUser(ctx.em, input.browser_key, now);
    if (!user) return { next: 'login' as const, login: loginPage(formKey, checked.request, input.browser_key, now) };
    const businesses = await memberBusinesses(ctx.em, user.userId);
    if (businesses.length === 0) {
      throw new AppError(
        'NO_BUSINESS_MEMBERSHIP',
        `The account ${user.email} is not a member of any business, so there is no business to connect the application to.`,
      );
    }
    return {
      next: 'consent' as const,
      consent: consentPage(formKey, checked.request, input.browser_key, now, user, businesses),
    };
  });
