/**
 * `npm run bench:mcp-context`: what a `tools/list` answer costs an agent's context, for the whole
 * catalogue, each toolset and read-only. Bytes: the UTF-8 length of the result's JSON as the endpoint
 * serialises it (`tools` and `_meta`, without the JSON-RPC envelope). Tokens: that JSON encoded with
 * gpt-tokenizer's cl100k_base (OpenAI's GPT-4 encoding, a common stand-in; clients render tools into
 * their own prompt formats, so read the tokens as an order of magnitude, the bytes as exact).
 * In process, no database or server: the answer is built by the same adapter code from the same procedures.
 */
import { encode } from 'gpt-tokenizer/encoding/cl100k_base';
import { buildToolCatalogue } from '../adapters/mcp/catalogue.ts';
import type { ToolView } from '../adapters/mcp/catalogue-view.ts';
import { toolMethods } from '../adapters/mcp/methods.ts';
import { toolsets } from '../core/auth/toolsets.ts';
import { listProcedures } from '../core/procedures/introspection.ts';
import { appRouter } from '../core/routers/_app.ts';

const catalogue = buildToolCatalogue(listProcedures(appRouter));

async function measure(label: string, url: string, view: ToolView): Promise<string> {
  const viewed = catalogue.view(view);
  // tools/list reads neither the context nor the invoker.
  const reply = await toolMethods['tools/list'](1, {}, undefined as never, {
    catalogue: viewed,
    invoker: undefined as never,
    cacheScope: 'public',
  });
  const json = JSON.stringify((reply.body as { result: unknown }).result);
  const bytes = Buffer.byteLength(json, 'utf8');
  return `| ${label} | \`${url}\` | ${viewed.definitions.length} | ${bytes.toLocaleString('en')} | ${encode(json).length.toLocaleString('en')} |`;
}

const rows = [
  await measure('whole catalogue (default)', '/v1/mcp', { readonly: false }),
  await measure('read-only', '/v1/mcp/readonly', { readonly: true }),
  ...(await Promise.all(
    toolsets.map((toolset) =>
      measure(toolset.name, `/v1/mcp/x/${toolset.name}`, { toolsets: [toolset.name], readonly: false }),
    ),
  )),
];
console.log(
  `tools/list context cost, ${new Date().toISOString().slice(0, 10)} (bytes: UTF-8 JSON of the result; tokens: cl100k_base)\n`,
);
console.log('| view | path under {base_url} | tools | bytes | tokens |\n|---|---|---:|---:|---:|');
for (const row of rows) console.log(row);
