import type { AnyRouter } from '@trpc/server';
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import type { SiteUrls } from '../../../core/context.ts';
import { deprecationHeaderValue, sunsetHeaderValue } from '../../../core/deprecation.ts';
import { ZErrorMessage } from '../../../core/errors/index.ts';
import type { ProcedureInvoker } from '../../../core/procedures/invoker.ts';
import { restOperations, type RestOperation } from '../../../core/procedures/rest-operations.ts';
import { discoveryUrls } from '../../../core/services/discovery/urls.ts';
import { router } from '../../../core/trpc.ts';
import type { DeprecationMeta } from '../../../core/procedures/meta.ts';
import { API_VERSION } from '../../../core/version.ts';
import { describeParameters } from './parameter-objects.ts';
import { describeRestBehaviour, restBehaviours } from './rest-behaviour.ts';
import { WORKSPACE_TOKEN_SCHEME, webhooksSection, workspaceTokenScheme } from './webhooks-section.ts';

type Operation = NonNullable<OpenAPIObject['paths']>[string]['get'] & {};
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const errorRef = { $ref: '#/components/schemas/ErrorMessage' };

const invalidParameter =
  'Invalid parameter: the ErrorMessage names it (code VALIDATION_FAILED, zod issues under details).';
const unexpected = 'Unexpected error; the message quotes the request id (code INTERNAL_ERROR).';

function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: errorRef } } };
}

const unauthorized =
  'No bearer token, or an unknown, revoked or expired one (UNAUTHORIZED, with a WWW-Authenticate challenge).';
const forbidden = 'The token lacks the scope the operation needs, named in details (INSUFFICIENT_SCOPE).';

/** Every error a REST client can see has one shape: point each non-2xx response at ErrorMessage. */
function normaliseOperation(
  operation: Operation,
  declared: Record<string, string> | undefined,
  needsToken: boolean,
): void {
  const responses = (operation.responses ??= {});
  // trpc-to-openapi assumes a 404 for any procedure with input; only those that declare one have it.
  // (Hand-described paths, `declared` undefined, keep their own.)
  if (declared && !declared['404']) delete responses['404'];
  const takesInput = (operation.parameters?.length ?? 0) > 0 || operation.requestBody !== undefined;
  if (takesInput) responses['400'] ??= errorResponse(invalidParameter);
  else delete responses['400'];
  responses['500'] ??= errorResponse(unexpected);
  // Public operations take no credential, so they cannot answer 401 or 403; token-guarded ones can.
  delete responses['401'];
  delete responses['403'];
  if (needsToken) {
    responses['401'] = errorResponse(unauthorized);
    responses['403'] = errorResponse(forbidden);
  }
  for (const [status, response] of Object.entries(responses)) {
    if (Number(status) < 400) continue;
    const described = response as { description?: string; headers?: Record<string, unknown> };
    // The headers a hand-described error carries (the 402's PAYMENT-REQUIRED, a 503's Retry-After) stay.
    responses[status] = {
      ...errorResponse(declared?.[status] ?? described.description ?? 'Error'),
      ...(described.headers && { headers: described.headers }),
    };
  }
  // Spec 5.1: the public endpoints send no credential, stated as an explicit empty requirement.
  // Webhook management (spec 4.8, 5.5) needs a workspace API token: the one bearer scheme.
  operation.security = needsToken ? [{ [WORKSPACE_TOKEN_SCHEME]: [] }] : [];
}

/** "get /v1/blog/posts": how the document's maps name an operation. */
function operationKey({ openapi }: RestOperation): string {
  return `${openapi.method.toLowerCase()} ${openapi.path}`;
}

/** The "method path" of every operation that needs a workspace API token (`rest.credential`). */
function tokenGuarded(operations: readonly RestOperation[]): Set<string> {
  const guarded = new Set<string>();
  for (const operation of operations) {
    if (operation.procedure.meta?.rest?.credential === 'workspace_api_token') guarded.add(operationKey(operation));
  }
  return guarded;
}

/**
 * Each procedure's own error descriptions (meta.openapi.errorResponses), by "method path".
 * trpc-to-openapi caches one response object per error code, so every operation's 404 would
 * otherwise carry the description of whichever procedure declared it first.
 */
function declaredErrorDescriptions(operations: readonly RestOperation[]): Map<string, Record<string, string>> {
  const declared = new Map<string, Record<string, string>>();
  for (const operation of operations) {
    const { openapi } = operation;
    const listed = openapi.errorResponses && !Array.isArray(openapi.errorResponses) ? openapi.errorResponses : {};
    const descriptions = Object.fromEntries(Object.entries(listed).map(([status, text]) => [status, String(text)]));
    declared.set(operationKey(operation), descriptions);
  }
  return declared;
}

/**
 * The deprecation of each REST-mapped procedure, by "method path". A `deprecated` flag written into
 * `openapi` meta by hand, without `deprecated()` (core/deprecation.ts), would document a deprecation
 * that no header announces and no date bounds: refused when the app is composed.
 */
function deprecations(operations: readonly RestOperation[]): Map<string, DeprecationMeta> {
  const found = new Map<string, DeprecationMeta>();
  for (const operation of operations) {
    const { procedure, openapi } = operation;
    const deprecation = procedure.meta?.deprecation;
    if (openapi.deprecated && !deprecation) {
      throw new Error(
        `${procedure.path}: mark a procedure deprecated with deprecated() (core/deprecation.ts), not openapi.deprecated alone`,
      );
    }
    if (deprecation) found.set(operationKey(operation), deprecation);
  }
  return found;
}

/** The headers every answer of a deprecated operation carries, described on each of its responses. */
function describeDeprecationHeaders(operation: Operation, deprecation: DeprecationMeta, policyUrl: string): void {
  const text = (description: string, example: string) => ({
    description,
    schema: { type: 'string' as const, example },
  });
  const headers = {
    Deprecation: text(
      'RFC 9745: when the operation was deprecated, as @<Unix seconds>.',
      deprecationHeaderValue(deprecation.since),
    ),
    ...(deprecation.sunset
      ? {
          Sunset: text(
            'RFC 8594: the HTTP-date after which the operation may stop working.',
            sunsetHeaderValue(deprecation.sunset),
          ),
        }
      : {}),
    Link: text(
      'The versioning policy (rel="deprecation") and the replacement, if any (rel="successor-version").',
      `<${policyUrl}>; rel="deprecation"`,
    ),
  };
  for (const response of Object.values(operation.responses ?? {})) {
    const described = response as { headers?: Record<string, unknown> };
    described.headers = { ...described.headers, ...headers };
  }
}

type Paths = NonNullable<OpenAPIObject['paths']>;

/**
 * The REST-mapped procedures as one flat router in published order, for trpc-to-openapi: it
 * documents paths and registers their schemas in the order of the router it reads.
 */
function publishedRouter(operations: readonly RestOperation[]): AnyRouter {
  const own = operations.filter((operation) => !operation.alias);
  return router(
    Object.fromEntries(own.map(({ procedure }) => [procedure.path.replaceAll('.', '-'), procedure.procedure])),
  );
}

/**
 * The generated paths in published order (restOperations), each alias path with its own copy of the
 * operation generated for its procedure (trpc-to-openapi documents one path per procedure); the
 * hand-described paths, which no procedure maps, keep their place after them.
 */
function publishedPaths(generated: Paths, operations: readonly RestOperation[]): Paths {
  const paths: Paths = {};
  for (const { procedure, openapi, alias } of operations) {
    const method = openapi.method.toLowerCase() as (typeof METHODS)[number];
    const source = generated[procedure.meta!.openapi!.path]?.[method];
    if (!source) continue;
    (paths[openapi.path] ??= {})[method] = alias
      ? { ...structuredClone(source), operationId: openapi.operationId, description: openapi.description }
      : source;
  }
  for (const [path, item] of Object.entries(generated)) paths[path] ??= item;
  return paths;
}

/**
 * The public OpenAPI 3.1 document, generated from the procedures' zod schemas (trpc-to-openapi
 * reads the invoker's router). Only procedures with `openapi` meta appear: internal, account and
 * administrative procedures have none.
 */
export function buildOpenApiDocument(
  { procedures }: Pick<ProcedureInvoker, 'procedures'>,
  urls: SiteUrls,
  extraPaths: ZodOpenApiPathsObject = {},
): OpenAPIObject {
  const operations = restOperations(procedures);
  const document = generateOpenApiDocument(publishedRouter(operations), {
    title: 'Field Service Public API',
    version: API_VERSION,
    openApiVersion: '3.1.0',
    baseUrl: urls.base,
    description:
      'The public and agent-facing surface of the field-service platform: blog (en-US, es-US), active government ' +
      'contract opportunities, the business directory, health, and agent discovery. Every error is an ErrorMessage ' +
      '`{code, message, resolution, status}`. Endpoints here need no credential, except webhook endpoint management ' +
      '(/v1/webhook-endpoints: a workspace API token with the webhooks:manage scope); the `webhooks` section ' +
      'describes the events a webhook endpoint receives. An agent starts at the discovery ' +
      `index, ${discoveryUrls(urls).index}. What /v1 promises, and how a deprecation is announced (the Deprecation, ` +
      `Sunset and Link headers, the \`deprecated\` flag here): the versioning policy, ${discoveryUrls(urls).versioningPolicy}.`,
    docsUrl: `${urls.base}/docs`,
    securitySchemes: {},
    defs: { ErrorMessage: ZErrorMessage },
    paths: extraPaths,
  });
  document.paths = publishedPaths(document.paths ?? {}, operations);
  const declared = declaredErrorDescriptions(operations);
  const deprecated = deprecations(operations);
  const behaviours = restBehaviours(operations);
  const guarded = tokenGuarded(operations);
  const policyUrl = discoveryUrls(urls).versioningPolicy;
  for (const [path, pathItem] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!operation) continue;
      const behaviour = behaviours.get(`${method} ${path}`);
      // Before normalising: the 400 and 409 it adds are then pointed at ErrorMessage like every error.
      if (behaviour) describeRestBehaviour(operation, behaviour);
      normaliseOperation(operation, declared.get(`${method} ${path}`), guarded.has(`${method} ${path}`));
      describeParameters(operation);
      const deprecation = deprecated.get(`${method} ${path}`);
      if (deprecation) describeDeprecationHeaders(operation, deprecation, policyUrl);
    }
  }
  // Relative first (OpenAPI 3.1 resolves it against where the document was fetched): the reference
  // page's "Try it out" then calls the host the page was opened on, whatever name that is (SITE_URL,
  // localhost, 127.0.0.1, a LAN address), within its own connect-src 'self'. The configured base URL
  // follows for tools that need an absolute one.
  document.servers = [
    { url: new URL(urls.base).pathname, description: 'This service, on the host this document was fetched from.' },
    { url: urls.base, description: 'This service at its configured address.' },
  ];
  // Spec 9.4: the versioning and deprecation policy, linked from the document itself.
  document.info['x-versioning-policy'] = policyUrl;
  const components = (document.components ??= {});
  const schemas = Object.fromEntries(
    Object.entries(components.schemas ?? {}).filter(([name]) => !name.startsWith('error.')),
  );
  // The event payloads a webhook receiver gets (OpenAPI 3.1 `webhooks`), from the event catalogue's schemas.
  const webhooks = webhooksSection();
  document.webhooks = webhooks.webhooks;
  components.schemas = { ...schemas, ...webhooks.schemas };
  if (guarded.size > 0) components.securitySchemes = { [WORKSPACE_TOKEN_SCHEME]: workspaceTokenScheme };
  else delete components.securitySchemes;
  return document;
}
