import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/*
 * Data access has one home (docs/architecture.md, "Data access"): SQL and entity-manager calls live only in
 * core/services/<area>/*.query.ts and in the infrastructure under core/services/sql/. Procedures
 * (core/routers) orchestrate and every other service file works on values. This test reads the source
 * with the TypeScript parser, so comments never count and only real string literals, calls and
 * imports do, and names each file and line that breaks the rule.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ormDirectory = join(root, 'orm') + sep;

/**
 * SQL in a string: a statement's shape, not a word. `select` needs a `from` after it (a zod
 * description may say "select a customer"), `update` needs `<table> set`; case-insensitive, as the
 * project writes SQL in lower case.
 */
const sqlStatement = /\bselect\b[\s\S]+?\bfrom\b|\binsert\s+into\b|\bupdate\s+[\w."]+\s+set\b|\bdelete\s+from\b/i;

interface Finding {
  file: string;
  line: number;
  what: string;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.isFile() && path.endsWith('.ts') ? [path] : [];
  });
}

/** The text of a string literal or template (its literal parts: what `${}` holds is code and is visited as code). */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  return undefined;
}

/** `ctx.em.find(...)`, `ctx.sql.execute(...)`: a method called on the context's entity manager or SQL runner. */
function isContextDataCall(node: ts.CallExpression): boolean {
  const callee = node.expression;
  if (!ts.isPropertyAccessExpression(callee)) return false;
  const target = callee.expression;
  return (
    ts.isPropertyAccessExpression(target) &&
    ['em', 'sql'].includes(target.name.text) &&
    ts.isIdentifier(target.expression) &&
    target.expression.text === 'ctx'
  );
}

/**
 * An import that brings values (not only types) from MikroORM or from the top-level orm/ folder.
 * One kind of value is allowed: the value lists of an entity's enum columns (`jobStatuses`,
 * `membershipRoles`: lower-case names from orm/entities), which the zod schemas reuse so the allowed
 * values are written once. Entities themselves are PascalCase, and importing one is data access.
 */
function dataImport(node: ts.ImportDeclaration, file: string): string | undefined {
  const specifier = (node.moduleSpecifier as ts.StringLiteral).text;
  const path = specifier.startsWith('.') ? resolve(dirname(file), specifier) : '';
  const fromOrm = specifier.startsWith('@mikro-orm/') || path.startsWith(ormDirectory);
  if (!fromOrm) return undefined;
  const clause = node.importClause;
  if (!clause) return specifier; // a side-effect import
  if (clause.isTypeOnly) return undefined;
  const bindings = clause.namedBindings;
  if (clause.name || !bindings || !ts.isNamedImports(bindings)) return specifier; // a default or namespace import
  const values = bindings.elements
    .filter((element) => !element.isTypeOnly)
    .map((element) => (element.propertyName ?? element.name).text);
  const enumValueLists =
    path.startsWith(join(ormDirectory, 'entities') + sep) && values.every((name) => /^[a-z]/.test(name));
  return values.length === 0 || enumValueLists ? undefined : specifier;
}

function findings(file: string): Finding[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: Finding[] = [];
  const at = (node: ts.Node, what: string) =>
    found.push({
      file: relative(root, file),
      line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
      what,
    });

  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const specifier = dataImport(node, file);
      if (specifier) at(node, `imports values from ${specifier}`);
      return;
    }
    const literal = literalText(node);
    if (literal !== undefined) {
      const match = sqlStatement.exec(literal);
      if (match) at(node, `holds SQL ("${match[0].replace(/\s+/g, ' ').slice(0, 40)}")`);
    }
    if (ts.isCallExpression(node)) {
      if (ts.isIdentifier(node.expression) && node.expression.text === 'runQuery') at(node, 'calls runQuery');
      if (isContextDataCall(node)) at(node, `calls ${node.expression.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function report(list: Finding[]): string {
  return list.map((finding) => `${finding.file}:${finding.line}: ${finding.what}`).join('\n');
}

describe('data access has one home', () => {
  it('no procedure under core/routers holds SQL, runs it, calls the entity manager or imports MikroORM or orm/ (types aside)', () => {
    const list = sourceFiles(join(root, 'core/routers')).flatMap(findings);
    expect(
      list,
      `procedures doing data access (move it into a core/services/<area>/*.query.ts):\n${report(list)}\n`,
    ).to.deep.equal([]);
  });

  it('under core/services, only *.query.ts files and core/services/sql/ do', () => {
    const infrastructure = join(root, 'core/services/sql') + sep;
    const files = sourceFiles(join(root, 'core/services')).filter(
      (file) => !file.endsWith('.query.ts') && !file.startsWith(infrastructure),
    );
    const list = files.flatMap(findings);
    expect(list, `services doing data access outside a *.query.ts file:\n${report(list)}\n`).to.deep.equal([]);
  });

  it('finds what it is meant to find, and not in comments or prose', () => {
    const probe = (text: string) => {
      const source = ts.createSourceFile('probe.ts', text, ts.ScriptTarget.Latest, true);
      let hits = 0;
      const visit = (node: ts.Node): void => {
        const literal = literalText(node);
        if (literal !== undefined && sqlStatement.test(literal)) hits += 1;
        if (ts.isCallExpression(node) && isContextDataCall(node)) hits += 1;
        ts.forEachChild(node, visit);
      };
      visit(source);
      return hits;
    };
    expect(probe('const q = `select id from jobs where business_id = ${id}`;')).to.equal(1);
    expect(probe("run({ sql: 'delete from tags where id = $1' });")).to.equal(1);
    expect(probe('await ctx.em.findOne(Job, { id });')).to.equal(1);
    expect(
      probe('/** We select rows from jobs, then update jobs set status. */\n// delete from tags\nconst a = 1;'),
    ).to.equal(0);
    expect(probe("z.string().describe('Select the customer; the list is filtered by status')")).to.equal(0);
    expect(probe('service.list(ctx.em, input);')).to.equal(0);
  });
});
