import Router from '@koa/router';
import type { Context } from '../../core/context.ts';
import type { ProcedureInvoker } from '../../core/procedures/invoker.ts';
import { noStore } from '../http/no-store.ts';
import type { ProcedureRoutesOptions } from '../http/procedure-access.ts';
import { requestFacts } from '../http/request-facts.ts';
import type { HttpState } from '../http/state.ts';
import { authorizationScheme, readOAuthForm } from './form-body.ts';
import { writeOAuthError } from './oauth-error.ts';

/** One RFC 6749-style form endpoint: which form parameters its procedure reads, and the call. */
export interface OAuthFormEndpoint {
  /** Under the prefix: "/oauth/token". */
  path: string;
  /** The parameters handed to the procedure, each sent at most once; anything else in the form is ignored (RFC 6749 section 3.2). */
  parameters: readonly string[];
  /** Parameters that may repeat, handed on as arrays (RFC 8707 `resource`). */
  repeatable?: readonly string[];
  /** Calls the procedure with the form's input; answers the JSON body of the 200, or '' for an empty one. */
  call(invoker: ProcedureInvoker, input: Record<string, unknown>, context: Context): Promise<unknown>;
}

/**
 * `POST {prefix}{path}` for a form endpoint (token, revocation): reads the form (readOAuthForm),
 * hands its parameters and any Authorization header's scheme (`client_authentication_scheme`, which
 * the procedures refuse for public clients) to the procedure, and answers 200 with its body, or
 * RFC 6749's error body (`{error, error_description}`; a validation failure is invalid_request).
 * Headers the procedure earned (RateLimit) stay on either answer; neither is ever stored
 * (RFC 6749 section 5.1: no-store and Pragma no-cache).
 */
export function oauthFormRoutes(options: ProcedureRoutesOptions, endpoint: OAuthFormEndpoint): Router<HttpState> {
  const { invoker, createContext, prefix } = options;
  const router = new Router<HttpState>({ prefix });
  router.post(endpoint.path, async (ctx) => {
    const context = createContext(requestFacts(ctx));
    try {
      const form = await readOAuthForm(ctx, endpoint.repeatable);
      const input: Record<string, unknown> = { client_authentication_scheme: authorizationScheme(ctx) };
      for (const name of endpoint.repeatable ?? []) input[name] = form.repeated[name];
      for (const name of endpoint.parameters) input[name] = form.single[name];
      const body = await endpoint.call(invoker, input, context);
      ctx.set(context.response.headers);
      ctx.status = 200;
      ctx.body = body;
    } catch (error) {
      ctx.set(context.response.headers);
      writeOAuthError(ctx, error, { validationError: 'invalid_request' });
    }
    noStore(ctx, { pragma: true });
  });
  return router;
}
