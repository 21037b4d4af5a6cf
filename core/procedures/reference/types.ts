import type { z } from 'zod';
import type { SiteUrls } from '../../site-urls.ts';
import type { ProcedureEntry } from '../procedure-entry.ts';
import type { RateLimitPolicy } from '../../services/rate-limit/rate-limit-policy.ts';

/**
 * The configured values the reference quotes: what the running service enforces, so a buyer reads
 * this deployment's numbers rather than the defaults.
 */
export interface ReferenceLimits {
  /** MAX_BODY_BYTES: the largest request body; larger ones are 413. */
  maxBodyBytes: number;
  /** OAUTH_ACCESS_TOKEN_TTL_SECONDS: the lifetime of an access token of the MCP resource. */
  accessTokenTtlSeconds: number;
  /** The per-client budgets as the services hold them (CoreServices.rateLimiters), keyed as there. */
  budgets: Readonly<Record<string, RateLimitPolicy>>;
}

/** One webhook event as the reference documents it. */
export interface ReferenceEvent {
  /** The event type a receiver switches on, e.g. "customer.created". */
  type: string;
  /** What happened, for the receiver. */
  description: string;
  /** The MCP tools (or other operations) whose success emits it. */
  emittedBy: readonly string[];
  /** The schema of the event's `data`; undefined when it has none. */
  payload: z.ZodType | undefined;
}

/**
 * Where events come from: the webhook event catalogue (webhook-catalogue-events.ts, the default);
 * a test may add others. Sources see the procedures, so a payload can be a
 * procedure's own output schema. A type listed by two sources is documented once, by the first.
 */
export type ReferenceEventSource = (procedures: readonly ProcedureEntry[]) => readonly ReferenceEvent[];

/** Everything the reference is generated from: the same inputs give the same bytes. */
export interface ReferenceInput {
  /** The procedures of the router the app serves (the invoker's), in router order. */
  procedures: readonly ProcedureEntry[];
  urls: SiteUrls;
  limits: ReferenceLimits;
  /** Default: the webhook event catalogue. */
  eventSources?: readonly ReferenceEventSource[];
}

/** One part of the reference, with what the paid reference terms say about it. */
export interface ReferenceSection {
  /** Stable identifier (the Markdown anchor too): "rest-endpoints", "mcp-tools", ... */
  id: string;
  title: string;
  /** How many entries it documents (endpoints, tools, ...); null for prose sections. */
  count: number | null;
  /** One line for the table of contents and the terms' `includes`: "47 MCP tools with their scopes". */
  summary: string;
  /** The section's Markdown, starting with its `##` heading. */
  markdown: string;
}

/** The generated reference. */
export interface AgentReference {
  /** The whole document, Markdown. */
  content: string;
  /** "sha256:" + hex SHA-256 of `content`: stable across restarts, changes when anything documented changes. */
  revision: string;
  sections: ReadonlyArray<Omit<ReferenceSection, 'markdown'>>;
}

/**
 * The reference of this process for a site URL, built on first use and kept (CoreServices.agentReference):
 * a loopback alias in development gets one that names it.
 */
export type AgentReferenceSource = (urls: SiteUrls) => AgentReference;
