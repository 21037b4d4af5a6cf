import { isOptInToolset } from '../../auth/toolsets.ts';
import type { ProcedureEntry } from '../procedure-entry.ts';
import { restOperations, type RestOperation } from '../rest-operations.ts';

/**
 * What the reference may show: a procedure no transport can reach for an outsider (built on
 * systemProcedure: seeding, administration, the sweeper) never appears, whatever meta it carries.
 */
function isPublicFacing(procedure: ProcedureEntry): boolean {
  return procedure.meta?.base?.systemOnly !== true;
}

/** The REST endpoints: operations with enabled openapi meta (alias paths included), in published order. */
export function restEndpoints(procedures: readonly ProcedureEntry[]): RestOperation[] {
  return restOperations(procedures).filter(
    (operation) => operation.openapi.enabled !== false && isPublicFacing(operation.procedure),
  );
}

/**
 * The MCP tools of the default catalogue: procedures with tool meta, in router order (the MCP adapter's
 * catalogue reads the same), without the opt-in toolsets' tools (list-events), which a connection sees
 * only when it asks for them; the feed they read is in the REST section.
 */
export function toolProcedures(procedures: readonly ProcedureEntry[]): ProcedureEntry[] {
  return procedures.filter(
    (procedure) => procedure.meta?.tool && !isOptInToolset(procedure.meta.tool.toolset) && isPublicFacing(procedure),
  );
}

/** The A2A skills: procedures with skill meta, in router order (the agent card reads the same). */
export function skillProcedures(procedures: readonly ProcedureEntry[]): ProcedureEntry[] {
  return procedures.filter((procedure) => procedure.meta?.skill && isPublicFacing(procedure));
}
