// Lint: correctness rules from ESLint, typescript-eslint and eslint-plugin-regexp, and the layering
// rules of ../shared/design/architecture.md (what may import what), which no formatter or type check sees.
// Formatting is Prettier's (eslint-config-prettier turns off every rule it would fight).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

/** A restricted-import pattern matched against the import string (relative paths included). */
const forbid = (regex, message, extra = {}) => ({ regex, message, ...extra });

const koa = forbid('^(koa|koa-.*|@koa/.*)$', 'core/ is transport-free: no Koa in it (architecture.md).');
const http = forbid('^(node:)?(http|https|http2)$', 'core/ is transport-free: no HTTP modules in it.');
const adapters = forbid('(^|/)adapters/', 'Data flows adapter -> procedure: nothing under core/ imports an adapter.');
const scripts = forbid('(^|/)scripts/', 'Only scripts (and tests) import scripts/.');
const ormRuntime = forbid(
  '(^|/)orm/',
  'Adapters reach data through procedures only: import orm/ types, never values.',
  {
    allowTypeImports: true,
  },
);
const appRouterValues = forbid(
  '(^|/)core/routers/(_app|internal-api)\\.ts$',
  'Adapters call procedures through the invoker they are handed (core/procedures/invoker.ts), never createCaller or a router import.',
  { allowTypeImports: true },
);
const mikroOrmRuntime = forbid(
  '^@mikro-orm/',
  'Procedures orchestrate; data access lives in core/services/<area>/*.query.ts.',
  {
    allowTypeImports: true,
  },
);
// Entities are the schema and core's data access uses them; the rest of orm/ (the database, the
// services built on it) is the composition root's, which hands core what it needs.
const ormInCore = forbid(
  '(^|/)orm/(?!entities/)',
  'core/ imports orm/entities only: the composition root hands core the rest.',
  {
    allowTypeImports: true,
  },
);
const databaseFromScripts = forbid(
  '(^@mikro-orm/|\\.query\\.ts$|(^|/)core/services/sql/)',
  'Scripts call procedures through the caller, never the database directly.',
  {
    allowTypeImports: true,
  },
);
/**
 * Arrows inside adapters/ run one way: adapters/app.ts composes the protocol adapters, which use
 * http/ (the envelope, REST, state) and json-rpc/ (the layer MCP and A2A share) as libraries; a
 * library never imports the adapters built on it, and nothing imports the app it is composed into.
 */
const protocolAdapters = ['a2a', 'mcp', 'oauth', 'x402', 'webhooks'].map((name) => `./adapters/${name}`);
const adapterZones = [
  {
    target: './adapters/http',
    from: [...protocolAdapters, './adapters/json-rpc', './adapters/app.ts'],
    message:
      'adapters/http is a library of the protocol adapters: adapters/app.ts composes them, http/ never imports them.',
  },
  {
    target: './adapters/json-rpc',
    from: [...protocolAdapters, './adapters/app.ts'],
    message: 'adapters/json-rpc is what MCP and A2A share: it imports no protocol adapter.',
  },
  {
    target: './adapters',
    from: './adapters/app.ts',
    message: 'adapters/app.ts composes the adapters; only the composition root (scripts/compose/) imports it.',
  },
];
// viem and the SDK parts built on it are a few hundred modules: a process loads them at its first
// payment or sign-in (scripts/compose/load-once.ts), so the admin commands and the worker start without them.
const walletLibraries = forbid(
  '^(viem|ox|@x402/evm|@x402/extensions/sign-in-with-x)(/|$)',
  'Load viem and the x402 wallet code with import() at first use, not at start-up (scripts/compose/load-once.ts).',
  { allowTypeImports: true },
);
const walletAdapters = forbid(
  '(^|/)adapters/x402/(x402-facilitator|settlement-chain|contract-wallets)\\.ts$',
  'Compose the x402 adapters with loadOnce(() => import(...)): they pull in viem, which most processes never use.',
  { allowTypeImports: true },
);
const composition = forbid(
  '(^|/)scripts/compose/',
  'Adapters are handed what they need by the composition root; they never import it.',
);

export default tseslint.config(
  { ignores: ['node_modules/**', 'orm/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  regexp.configs['flat/recommended'],
  {
    // Every regex on outside input is linear (architecture.md, 14): a pattern that backtracks
    // super-linearly, or restarts a scan at each of n positions, lets one request hold the
    // process for seconds (issue 27).
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      'regexp/no-misleading-capturing-group': 'error',
      // An `i` flag widens every part of a regex, and a zod regex loses its flags when it becomes a
      // JSON Schema `pattern`: both cases are spelled out on purpose.
      'regexp/use-ignore-case': 'off',
    },
  },
  {
    // These patterns are published in the OpenAPI document, where validators in other dialects
    // (Python's re, .NET) read \d and \w as any Unicode digit or letter: [0-9] says what we accept.
    files: ['core/routers/**/*.schema.ts', 'core/domain/**/*.schema.ts'],
    rules: { 'regexp/prefer-d': 'off', 'regexp/prefer-w': 'off' },
  },
  {
    files: ['**/*.ts', '**/*.js'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [koa, http, adapters, scripts, ormInCore, walletLibraries] },
      ],
    },
  },
  {
    files: ['core/routers/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [koa, http, adapters, scripts, ormInCore, mikroOrmRuntime, walletLibraries] },
      ],
    },
  },
  {
    files: ['scripts/**/*.ts'],
    ignores: ['scripts/compose/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [databaseFromScripts] }],
    },
  },
  {
    files: ['scripts/compose/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [walletAdapters] }] },
  },
  {
    files: ['adapters/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [ormRuntime, composition, appRouterValues] }],
      'import-x/no-restricted-paths': ['error', { zones: adapterZones }],
    },
  },
  {
    // chai's property assertions (`expect(x).to.be.true`) are expressions by design, and tests walk
    // untyped JSON documents (OpenAPI, error bodies) where `any` is the honest type.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);
