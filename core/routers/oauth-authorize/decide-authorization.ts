import { AppError } from '../../errors/index.ts';
import { checkAuthorizationRequest } from '../../services/oauth/authorize/authorization-request.ts';
import { errorRedirect, redirectWithParameters } from '../../services/oauth/authorize/authorization-response.ts';
import { endBrowserSession, signedInUser } from '../../services/oauth/authorize/browser-sessions.ts';
import { grantedScopes, isWriteScope, roleMayGrantWrites } from '../../services/oauth/authorize/consent-scopes.ts';
import { formTokenValid } from '../../services/oauth/authorize/form-token.ts';
import { memberBusinesses } from '../../services/oauth/authorize/member-businesses.query.ts';
import { issueAuthorization } from '../../services/oauth/authorization-codes.ts';
import { oauthUrls } from '../../services/oauth/urls.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZDecideAuthorizationInput, ZDecideAuthorizationOutput } from './decide-authorization.schema.ts';

/**
 * The consent form of the authorization endpoint. The form token must be this browser's session's,
 * for this pending request (FORM_CHECK_FAILED otherwise), and the request is checked again.
 * Approving binds a new grant to the chosen business (one the user belongs to) with the requested
 * read scopes plus the write scopes left ticked (never more than requested; none when the user's
 * role there is not owner or admin, whatever the form says), and redirects to the
 * client with the single-use code, `state` and `iss`; denying redirects with access_denied. A
 * session that ended meanwhile continues to the authorization endpoint (the login page).
 */
export const decideAuthorization = publicProcedure
  .input(ZDecideAuthorizationInput)
  .output(ZDecideAuthorizationOutput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    const formKey = await ctx.services.oauth.formTokenKey(ctx.log);
    if (!formTokenValid(formKey, input.form_token, input.browser_key, 'consent', input.request, now)) {
      throw new AppError(
        'FORM_CHECK_FAILED',
        'This consent form is not valid any more (it expired, or it was not sent from this site).',
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
    const { issuer, authorizationEndpoint } = oauthUrls(ctx.urls);
    const startAgain = { next: 'redirect' as const, location: `${authorizationEndpoint}?${request.query}` };
    const user = await signedInUser(ctx.em, input.browser_key, now);
    if (!user) return startAgain;

    if (input.decision === 'switch_account') {
      await endBrowserSession(ctx.em, input.browser_key);
      return startAgain;
    }
    if (input.decision === 'deny') {
      return {
        next: 'redirect' as const,
        location: errorRedirect(
          request.redirectUri,
          issuer,
          { error: 'access_denied', description: 'The user denied the request.' },
          request.state,
        ),
      };
    }

    const businesses = await memberBusinesses(ctx.em, user.userId);
    if (businesses.length === 0) {
      throw new AppError(
        'NO_BUSINESS_MEMBERSHIP',
        `The account ${user.email} is not a member of any business, so there is no business to connect the application to.`,
      );
    }
    const business = businesses.find((candidate) => candidate.id === input.business_id);
    if (!business)
      throw new AppError(
        'VALIDATION_FAILED',
        'Choose one of the businesses your account belongs to, then approve again.',
      );
    const writesAllowed = roleMayGrantWrites(business.role);
    const scopes = grantedScopes(request.scopes, input.scopes, writesAllowed);
    if (!scopes)
      throw new AppError(
        'VALIDATION_FAILED',
        'The form named a permission the application did not ask for; start again from the application.',
      );
    if (scopes.length === 0) {
      const description =
        !writesAllowed && request.scopes.some(isWriteScope)
          ? 'Only an owner or admin of the business may grant the requested write scopes.'
          : 'The user granted none of the requested scopes.';
      return {
        next: 'redirect' as const,
        location: errorRedirect(request.redirectUri, issuer, { error: 'access_denied', description }, request.state),
      };
    }

    const issued = await issueAuthorization({
      em: ctx.em,
      now,
      clientId: request.clientId,
      userId: user.userId,
      businessId: business.id,
      scope: scopes.join(' '),
      resource: request.resource,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
    });
    return {
      next: 'redirect' as const,
      location: redirectWithParameters(request.redirectUri, { code: issued.code, state: request.state, iss: issuer }),
    };
  });
