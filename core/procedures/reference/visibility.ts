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

/** The MCP tools: procedures with tool meta, in router order (the MCP adapter's catalogue reads the same). */
export function toolProcedures(procedures: readonly ProcedureEntry[]): ProcedureEntry[] {
  return procedures.filter((procedure) => procedure.meta?.tool && isPublicFacing(procedure));
}

/** The A2A skills: procedures with skill meta, in router order (the agent card reads the same). */
export function skillProcedures(procedures: readonly ProcedureEntry[]): ProcedureEntry[] {
  return procedures.filter((procedure) => procedure.meta?.skill && isPublicFacing(procedure));
}
