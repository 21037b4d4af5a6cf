import type { OpenApiMeta } from 'trpc-to-openapi';
import type { ToolAccess } from '../auth/scopes.ts';
import type { ToolsetName } from '../auth/toolsets.ts';

/**
 * A workspace procedure as an agent tool (the MCP catalogue is generated from these): its
 * kebab-case `name`, a human `title`, a `description` written for an agent, the access it needs, and
 * the one toolset it belongs to (what a connection chooses to see: core/auth/toolsets.ts).
 */
export interface ToolMeta {
  name: string;
  title: string;
  description: string;
  access: ToolAccess;
  toolset: ToolsetName;
}

/**
 * A public procedure as an A2A skill (the agent card and the A2A dispatch table are generated from
 * these): a kebab-case `id`, a short `name`, a `description` written for an agent, `tags`, and
 * `examples`: phrasings the text router (core/services/agent/) maps to this skill. The skill runs
 * the procedure itself, so its arguments, limits and validation are the REST endpoint's.
 * `summarize` turns the procedure's answer (and the input it was given, after parsing) into the
 * one or two sentences of the task's text part.
 */
export interface SkillMeta {
  id: string;
  name: string;
  description: string;
  tags: string[];
  examples: string[];
  /**
   * Runs only for an authenticated caller (an A2A access token), on its grant's business: listed on
   * the authenticated extended card only, since the public card promises skills that need no credential.
   */
  authenticatedOnly?: true;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each procedure's own output and input; the adapter passes them back untouched
  summarize: (output: any, input: any) => string;
}

/**
 * A procedure on its way out (the versioning policy, {base_url}/v1/versioning-policy): the day it
 * was deprecated, the day it may stop working, what replaces it. Set it with `deprecated()`
 * (core/deprecation.ts), which checks the dates against the policy and sets the OpenAPI
 * `deprecated` flag from the same call; the REST adapter then answers every call of the procedure
 * with `Deprecation`, `Sunset` and a `Link` to the policy.
 */
export interface DeprecationMeta {
  /** `YYYY-MM-DD` (UTC): the day it became deprecated, RFC 9745's `Deprecation` date. */
  since: string;
  /** `YYYY-MM-DD` (UTC), at least the policy's notice period after `since`: RFC 8594's `Sunset` date. */
  sunset?: string;
  /** What to use instead: a path under {base_url} (`/v2/directory/public`), linked as `successor-version`. */
  replacement?: string;
  /** One sentence for the reader of the OpenAPI description (why, or how to move). */
  note?: string;
}

/**
 * How the REST adapter answers a procedure beyond its `openapi` mapping. `successStatus: 201` for a
 * procedure that creates something, 202 for one that queues work (its OpenAPI document says so too). `idempotent: true` makes
 * the POST honour Idempotency-Key (spec 2.10, 4.5): agentStoringProcedure's idempotency middleware
 * keeps and replays the answers, adapters/http/rest-idempotency.ts reads the key and writes them. A retry with the
 * same key and body replays the first answer byte for byte (a 201 replayed as 200, with
 * Idempotency-Replayed: true), another body with the key is 409; the document lists the header and
 * those answers. Opt-in, because a replayable answer is stored for 24 hours.
 */
export interface RestMeta {
  successStatus?: 201 | 202;
  idempotent?: boolean;
  /**
   * The credential the operation needs. Default: none (the public surface, `security: []`).
   * `workspace_api_token`: `Authorization: Bearer fsa_ws_...`; the OpenAPI document declares the bearer
   * scheme on the operation and its 401 and 403 answers.
   */
  credential?: 'workspace_api_token';
  /**
   * More paths for the same operation (a protocol's binding of the same request), served and
   * documented like the procedure's own path: each its own route, operationId, description and
   * Idempotency-Key space (keys are scoped by the path the request used), one procedure behind them.
   */
  aliases?: readonly RestAlias[];
}

/** A second path of a REST operation; what it does not say is the procedure's own `openapi` meta. */
interface RestAlias {
  path: `/${string}`;
  operationId: string;
  description: string;
  /** The error descriptions at this path, when they differ from the procedure's own. */
  errorResponses?: Record<number, string>;
}

/**
 * Set by a base procedure of core/trpc.ts, never by a procedure itself: tRPC merges meta down the
 * builder chain, so every procedure built on that base carries it. The reference reads from it which
 * budget counts a procedure and whether outsiders can reach it, without importing the bases.
 */
interface BaseMeta {
  /** The per-client budget (a key of CoreServices.rateLimiters) the base counts every call against. */
  budget?: 'government' | 'publicLists' | 'agentRequests' | 'oauthRegistration' | 'oauthToken' | 'webhookSendNow';
  /** Only the in-process system caller reaches it (systemProcedure). */
  systemOnly?: true;
}

/** Procedure metadata: the REST mapping (trpc-to-openapi) plus what other transports read. */
export type Meta = OpenApiMeta & {
  tool?: ToolMeta;
  skill?: SkillMeta;
  deprecation?: DeprecationMeta;
  rest?: RestMeta;
  base?: BaseMeta;
};
