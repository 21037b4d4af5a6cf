import type { ProcedureEntry } from '../procedure-entry.ts';

/**
 * What the reference may show: a procedure no transport can reach for an outsider (built on
 * systemProcedure: seeding, administration, the sweeper) never appears, whatever meta it carries.
 */
function isPublicFacing(procedure: ProcedureEntry): boolean {
  return procedure.meta?.base?.systemOnly !== true;
}

/** The REST endpoints: procedures with enabled openapi meta, in router order. */
export function restProcedures(procedures: readonly ProcedureEntry[]): ProcedureEntry[] {
  return procedures.filter(
    (procedure) => procedure.meta?.openapi && procedure.meta.openapi.enabled !== false && isPublicFacing(procedure),
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
