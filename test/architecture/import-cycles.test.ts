import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/*
 * No import cycles, type-only ones included (docs/architecture.md). eslint's import-x/no-cycle
 * skips every type-only import and has no option to follow them, so this test builds the graph
 * itself with the TypeScript parser: every static import and re-export of a relative module,
 * `import type` as much as a value import, and names each cycle it finds.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const folders = ['core', 'adapters', 'orm', 'scripts'];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.isFile() && path.endsWith('.ts') ? [path] : [];
  });
}

/** The project files this file imports or re-exports from (relative specifiers; packages are not ours). */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const targets: string[] = [];
  for (const statement of source.statements) {
    const specifier =
      ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement) ? statement.moduleSpecifier : undefined;
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
    const target = resolve(dirname(file), specifier.text);
    if (existsSync(target)) targets.push(target);
  }
  return targets;
}

/** Each strongly connected component of more than one file (or a file importing itself), by Tarjan's algorithm. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) components.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return components;
}

describe('import cycles', () => {
  it('core/, adapters/, orm/ and scripts/ import without a cycle, type-only imports included', () => {
    const files = folders.flatMap((folder) => sourceFiles(join(root, folder)));
    const graph = new Map(files.map((file) => [file, importsOf(file)]));
    const cycles = cyclesOf(graph).map((component) => component.map((file) => relative(root, file)).join(' <-> '));
    expect(cycles, cycles.join('\n')).to.deep.equal([]);
  });
});
