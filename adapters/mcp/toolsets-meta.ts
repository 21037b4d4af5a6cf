import { toolsets } from '../../core/auth/toolsets.ts';
import type { ToolCatalogue } from './catalogue.ts';

/**
 * The toolsets as tools/list's `_meta.toolsets` lists them: each with the tools of the whole catalogue
 * it holds, whatever view answers, so an agent or a person can see what another view would offer.
 */
export function toolsetsMeta(catalogue: ToolCatalogue): Array<Record<string, unknown>> {
  const whole = catalogue.view({ readonly: false });
  return toolsets.map((toolset) => ({
    name: toolset.name,
    title: toolset.title,
    description: toolset.description,
    tools: whole.tools.filter((tool) => tool.toolset === toolset.name).map((tool) => tool.definition.name),
  }));
}
