import { z } from 'zod';

export const ZGetVersioningPolicyInput = z.void();

const day = z.iso.date();

const ZAnnouncementHeader = z.object({
  name: z.string().describe('The response header.'),
  standard: z.string().describe('Where its syntax is defined.'),
  format: z.string(),
  example: z.string().describe('A value exactly as this service sends it.'),
});

const ZVersionIdentifier = z.object({
  surface: z.string().describe('REST, MCP or A2A.'),
  where: z.string().describe('Where the version is published.'),
  rule: z.string().describe('When it changes.'),
});

export const ZGetVersioningPolicyOutput = z
  .object({
    title: z.string(),
    url: z.url().describe('This document.'),
    revision: day.describe('The day this policy last changed.'),
    api_version: z.string().describe('The current API version (semantic version).'),
    summary: z.string(),
    current_version: z.object({
      major: z.int(),
      path_prefix: z.string(),
      base_url: z.url(),
    }),
    promises: z.array(z.string()).describe('What stays true within a major version (/v1).'),
    compatible_changes: z.array(z.string()).describe('What may change at any time, without notice.'),
    client_expectations: z.array(z.string()).describe('What clients must do so that those changes do not break them.'),
    breaking_changes: z.string().describe('How an incompatible change is made.'),
    deprecation: z.object({
      minimum_notice_months: z.int().describe('How long a deprecated field or endpoint keeps working, at least.'),
      rules: z.array(z.string()),
      headers: z.array(ZAnnouncementHeader).describe('How a deprecated operation announces itself on every answer.'),
      headers_apply_to: z.string(),
      other_announcements: z.array(z.string()),
    }),
    version_identifiers: z.array(ZVersionIdentifier),
    changelog: z
      .array(z.object({ date: day, api_version: z.string(), changes: z.array(z.string()) }))
      .describe('Every version change and every deprecation, newest first.'),
  })
  .meta({ id: 'VersioningPolicy' });
