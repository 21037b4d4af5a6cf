import type { Context } from '../../core/context.ts';
import { validationErrorMessage } from '../../core/errors/index.ts';
import type { ProcedureInvoker } from '../../core/procedures/invoker.ts';
import type { SkillRunner } from '../../core/services/a2a/skill-runner-port.ts';
import { buildSkillTable } from './skills.ts';

/**
 * The A2A service's skill runner: the procedures with `skill` meta, validated against their strict
 * input schema and called through the invoker with the request's own context, so a skill's rate
 * limit, validation and RateLimit headers are exactly its REST procedure's.
 */
export function invokerSkillRunner(invoker: ProcedureInvoker): SkillRunner<Context> {
  const table = buildSkillTable(invoker.procedures);
  return {
    skillIds: table.skills.map((skill) => skill.meta.id),
    has: (id) => table.find(id) !== undefined,
    async run(id: string, args: Record<string, unknown>, context: Context) {
      const skill = table.find(id);
      if (!skill) throw new Error(`no A2A skill ${id}`);
      const parsed = skill.input.safeParse(args);
      if (!parsed.success) return { invalid: validationErrorMessage(parsed.error.issues) };
      // The procedure parses the arguments again with its own schema: defaults and trimming come from there, once.
      const output = await invoker.callPath(skill.path, skill.takesNoInput ? undefined : args, context);
      return { output, summary: skill.meta.summarize(output, parsed.data) };
    },
  };
}
