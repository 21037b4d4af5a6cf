/**
 * The revision of the MCP tool catalogue, published with its hash in the `_meta` of every tools/list
 * answer (spec 9.3). The hash follows from the tool definitions by itself; the revision is bumped by
 * hand, to the day of the change, whenever the hash changes, so that a client can tell "new contract"
 * from "same contract" by the revision alone and a person can date it. A second change on a day that
 * already has a revision adds `.2` (then `.3`, ...): a revision names one contract. test/mcp/catalogue.test.ts
 * compares both with a committed snapshot and fails when the hash moved without the revision.
 */
export const CATALOGUE_REVISION = '2026-12-01';
