import { z } from 'zod';
import type { ProcedureEntry } from '../../core/procedures/procedure-entry.ts';
import type { SkillMeta } from '../../core/procedures/meta.ts';

/** A skill and what calling it needs: the procedure's path (for the invoker) and its strict input schema. */
interface Skill {
  meta: SkillMeta;
  path: string;
  /** The procedure's object schema, refusing unknown arguments (a misspelt filter would otherwise widen the answer). */
  input: z.ZodType;
  /** The procedure takes no input: it is called with undefined, whatever empty object came. */
  takesNoInput: boolean;
}

/** The dispatch table of skills, in the router's order. */
export interface SkillTable {
  skills: readonly Skill[];
  find(id: string): Skill | undefined;
}

function strictInput(id: string, procedure: ProcedureEntry): { input: z.ZodType; takesNoInput: boolean } {
  const parser = procedure.inputParser;
  if (parser === undefined || parser instanceof z.ZodVoid) return { input: z.strictObject({}), takesNoInput: true };
  if (parser instanceof z.ZodObject) return { input: parser.strict(), takesNoInput: false };
  throw new Error(`the A2A skill ${id} needs an object input schema (its arguments are an object)`);
}

/**
 * The skills, generated once from the procedures (the invoker's): every procedure with `skill`
 * meta is a skill, named and described by that meta, called with its own input schema. A new
 * procedure with skill meta is a new skill on the card and in this table; nothing here names one.
 */
export function buildSkillTable(procedures: readonly ProcedureEntry[]): SkillTable {
  const skills = new Map<string, Skill>();
  for (const procedure of procedures) {
    const meta = procedure.meta?.skill;
    if (!meta) continue;
    if (skills.has(meta.id)) throw new Error(`two procedures declare the A2A skill ${meta.id}`);
    skills.set(meta.id, { meta, path: procedure.path, ...strictInput(meta.id, procedure) });
  }
  return { skills: [...skills.values()], find: (id) => skills.get(id) };
}
