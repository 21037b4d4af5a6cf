import type { AnyProcedure } from '@trpc/server';
import type { z } from 'zod';
import type { Meta } from './meta.ts';

type ProcedureType = 'query' | 'mutation' | 'subscription';

/** One procedure of a router, as the adapters and the tests read it. */
export interface ProcedureEntry {
  /** Its dotted path on the router ("blog.getPost"): what a caller names and what the invoker takes. */
  path: string;
  type: ProcedureType;
  /** What `.meta()` declared: the REST mapping (`openapi`) and the MCP tool (`tool`). */
  meta: Meta | undefined;
  /** The schema of `.input()`; undefined when the procedure declares none. */
  inputParser: z.ZodType | undefined;
  /** The schema of `.output()`; undefined when the procedure declares none. */
  outputSchema: z.ZodType | undefined;
  /**
   * Whether tRPC parses the handler's answer against `outputSchema` on every call: false without
   * an output schema and after removeOutputValidator() (skipOutputReparse in core/trpc.ts).
   */
  reparsesOutput: boolean;
  /** The procedure itself (for identity checks; call it through callProcedure or the invoker). */
  procedure: AnyProcedure;
}
