/**
 * ESLint (flat config) for the repository: typescript-eslint, React hooks, jsx-a11y, import rules, no import
 * cycle and the boundaries between the parts of the app:
 * - common/ imports nothing of the app (web, lambdas, infra), and has no import cycle, type imports included
 *   (app/no-cycle skips those): the lists of kinds and statuses are modules the schemas import, and the modules
 *   that take types from the schemas are never imported by them;
 * - the cloud app (infra/, lambdas/) imports nothing of the local runner (bin/);
 * - web/ and lambdas/ never import each other: what both say or look like (the brand, the text areas the server's
 *   pages and emails say too, the design tokens) lives in common/, which both import;
 * - the Lambdas have layers, each importing only the ones LAMBDA_LAYERS lists for it: lib (the wrapper-free
 *   helpers) <- model (stored shapes, keys, lifecycles and copies: no I/O) <- data (DynamoDB) <- domain (the
 *   rules); payments (the provider's port) sits beside lib, chat (the chat database) and api (the request wrapper)
 *   above data; handlers, notify, jobs, site, privacy, images, triggers and migrations, the entry points, may
 *   import any layer;
 * - web/src has four layers, each importing only the ones before it: shared code (lib, components, auth, layout,
 *   i18n, pwa) -> entities (entities/<name>: the data hooks, one file per endpoint in api/, and the pieces several
 *   features show: posts, offers and their negotiation, ads, businesses, users, reports, the price guide, payments;
 *   an entity may use another) -> features (features/<name>: the screens; a feature never imports another) -> the
 *   app (app/: the router, which composes a feature's screen into another's page).
 *
 * Linted: the web app, the Lambdas, common/, the CDK app (infra/) and the local runner (bin/) (LINTED below). Adding a
 * part of the repository is one more entry there.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';

const LINTED = [
  'web/src/**/*.{ts,tsx}',
  'web/*.ts',
  'lambdas/**/*.{ts,tsx}',
  'common/**/*.ts',
  'infra/**/*.ts',
  'bin/**/*.ts',
];
/**
 * The Lambdas' layers: what each folder of lambdas/ may import besides itself and common/ (docs/architecture.md,
 * "Layout"). A folder not listed is an entry point (a handler, the notifier, a job, the public site...), which may
 * import any layer.
 */
const LAMBDA_LAYERS = {
  'lambdas/lib': [],
  'lambdas/payments': ['lambdas/lib'],
  'lambdas/model': ['lambdas/lib'],
  'lambdas/data': ['lambdas/lib', 'lambdas/model', 'lambdas/payments'],
  'lambdas/chat': ['lambdas/lib', 'lambdas/model', 'lambdas/data'],
  'lambdas/api': ['lambdas/lib', 'lambdas/model', 'lambdas/data'],
  'lambdas/domain': ['lambdas/lib', 'lambdas/model', 'lambdas/data', 'lambdas/payments', 'lambdas/chat'],
};

const root = import.meta.dirname;
const inside = (file, dir) => {
  const rel = path.relative(path.join(root, dir), file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};
const FEATURES = 'web/src/features';
const ENTITIES = 'web/src/entities';
const APP = 'web/src/app';
const SHARED_WEB = [
  'web/src/lib',
  'web/src/components',
  'web/src/auth',
  'web/src/layout',
  'web/src/i18n',
  'web/src/pwa',
];

/** The same check on every kind of import and re-export a module has. */
const everyImport = (check) => ({
  ImportDeclaration: check,
  ExportNamedDeclaration: check,
  ExportAllDeclaration: check,
  ImportExpression: check,
});

/** Reports an import that closes a cycle, with the chain of files from the importer back to it. */
const reportCycle = (context, node, chain) =>
  context.report({
    node: node.source,
    messageId: 'cycle',
    data: { chain: chain.map((f) => path.relative(root, f)).join(' -> ') },
  });

/** The one rule that knows the app's parts: checks where each relative import of a file lands. */
const boundaries = {
  meta: { type: 'problem', schema: [], messages: { crossing: '{{why}}' } },
  create(context) {
    const file = context.filename;
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), spec);
      const report = (why) => context.report({ node: node.source, messageId: 'crossing', data: { why } });

      if (inside(file, 'common') && !inside(target, 'common')) return report('common/ imports nothing of the app.');
      if ((inside(file, 'infra') || inside(file, 'lambdas')) && inside(target, 'bin'))
        return report('The cloud app (infra/, lambdas/) imports nothing of the local runner (bin/).');
      if (inside(file, 'web') && inside(target, 'lambdas')) return report('web/ never imports lambdas/.');
      if (inside(file, 'lambdas') && inside(target, 'web'))
        return report('lambdas/ never imports web/: what both need lives in common/ (texts, brand, design tokens).');
      const layer = Object.keys(LAMBDA_LAYERS).find((d) => inside(file, d));
      if (layer && inside(target, 'lambdas') && !inside(target, layer)) {
        const allowed = LAMBDA_LAYERS[layer];
        if (!allowed.some((d) => inside(target, d)))
          return report(
            `${layer} imports only ${allowed.length ? allowed.join(', ') : 'common/'} (and itself): ${path.relative(root, target)} is a layer above it or beside it.`,
          );
      }
      const upper = [ENTITIES, FEATURES, APP].find((d) => inside(target, d));
      if (SHARED_WEB.some((d) => inside(file, d)) && upper)
        return report(
          'Shared code (lib, components, auth, layout, i18n, pwa) never imports entities, features or the app.',
        );
      if (inside(file, ENTITIES) && (upper === FEATURES || upper === APP))
        return report(
          'An entity never imports a feature or the app: move what both need into entities/ or shared code.',
        );
      if (inside(file, FEATURES) && upper === APP) return report('A feature never imports the app.');
      if (inside(file, FEATURES) && upper === FEATURES) {
        const [own] = path.relative(path.join(root, FEATURES), file).split(path.sep);
        const [other] = path.relative(path.join(root, FEATURES), target).split(path.sep);
        if (other !== own)
          return report(
            `A feature never imports another (${other}): move what both use into entities/ or shared code, or let the app compose them.`,
          );
      }
    };
    return everyImport(check);
  },
};

/**
 * A module's relative imports as resolved file paths, each with whether it brings types only (`import type`, or
 * braces whose every name is marked `type`); read once per file. Re-exports (`export ... from`, `export type` too),
 * side-effect imports and `import()` count as values, as import/no-cycle counts them.
 */
const importsOf = new Map();
const STATIC_IMPORT =
  /(?:^|[\n;])[ \t]*(import|export)[ \t]+(type[ \t]+)?([^'";]*?)[ \t]*from[ \t]*['"](\.[^'"]+)['"]/g;
const BARE_IMPORT = /(?:^|[\n;])[ \t]*import[ \t]*['"](\.[^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;
function resolveModule(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
    (f) => existsSync(f) && !f.endsWith(path.sep) && path.extname(f),
  );
}
const onlyTypeNames = (clause) =>
  /^\{[^}]*\}$/.test(clause) &&
  clause
    .slice(1, -1)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .every((name) => name.startsWith('type '));
/** Reads the linted file's imports anew (an editor lints a file as it changes), and forgets the cycles found before if they moved. */
function rereadImports(file) {
  const before = JSON.stringify(importsOf.get(file));
  importsOf.delete(file);
  if (before !== undefined && before !== JSON.stringify(relativeImports(file))) valueComponents.clear();
}
function relativeImports(file) {
  if (!importsOf.has(file)) {
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const found = [
      ...[...text.matchAll(STATIC_IMPORT)].map((m) => ({
        spec: m[4],
        typeOnly: m[1] === 'import' && (!!m[2] || onlyTypeNames(m[3].trim())),
      })),
      ...[...text.matchAll(BARE_IMPORT), ...text.matchAll(DYNAMIC_IMPORT)].map((m) => ({
        spec: m[1],
        typeOnly: false,
      })),
    ]
      .map(({ spec, typeOnly }) => ({ target: resolveModule(file, spec), typeOnly }))
      .filter((i) => i.target && /\.tsx?$/.test(i.target));
    importsOf.set(file, found);
  }
  return importsOf.get(file);
}
/** The chain of imports from `start` back to `goal` (inside `dir`, or anywhere), or undefined. */
function chainBack(start, goal, { dir, valuesOnly }) {
  const seen = new Set();
  const walk = (file, chain) => {
    if (file === goal) return chain;
    if (seen.has(file) || (dir && !inside(file, dir))) return undefined;
    seen.add(file);
    for (const { target, typeOnly } of relativeImports(file)) {
      if (valuesOnly && typeOnly) continue;
      const found = walk(target, [...chain, target]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(start, [start]);
}

/**
 * The files in an import cycle of values (type imports left out: they leave no import in the built code) with the
 * given file, found once for every file they reach (Tarjan's strongly connected components); each file maps to the
 * set of files of its component.
 */
const valueComponents = new Map();
function valueComponentOf(start) {
  if (valueComponents.has(start)) return valueComponents.get(start);
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  let next = 0;
  const values = (file) =>
    relativeImports(file)
      .filter((i) => !i.typeOnly)
      .map((i) => i.target);
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of values(file)) {
      if (valueComponents.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
    }
    if (low.get(file) === index.get(file)) {
      const component = new Set();
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.add(member);
      } while (member !== file);
      for (const m of component) valueComponents.set(m, component);
    }
  };
  visit(start);
  return valueComponents.get(start);
}

/**
 * No import cycle of values anywhere (what import/no-cycle checks, read with a pattern instead of parsing every
 * imported module again: a fraction of its time). A cycle makes a module run before what it imports is defined.
 */
const noCycle = {
  meta: { type: 'problem', schema: [], messages: { cycle: 'Import cycle: {{chain}}' } },
  create(context) {
    const file = context.filename;
    rereadImports(file);
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      if (node.importKind === 'type') return;
      if (
        node.type === 'ImportDeclaration' &&
        node.specifiers.length &&
        node.specifiers.every((n) => n.importKind === 'type')
      )
        return;
      const target = resolveModule(file, spec);
      if (!target || !valueComponentOf(file).has(target)) return;
      const chain = chainBack(target, file, { valuesOnly: true });
      if (chain) reportCycle(context, node, [file, ...chain]);
    };
    return everyImport(check);
  },
};

/**
 * No import cycle inside common/, type imports included (app/no-cycle skips `import type`): a cycle there is a
 * knot every reader of the shared shapes trips on, whether or not it reaches the bundles.
 */
const commonNoCycle = {
  meta: { type: 'problem', schema: [], messages: { cycle: 'Import cycle in common/: {{chain}}' } },
  create(context) {
    const file = context.filename;
    if (!inside(file, 'common')) return {};
    rereadImports(file);
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = resolveModule(file, spec);
      if (!target || !inside(target, 'common')) return;
      const chain = chainBack(target, file, { dir: 'common' });
      if (chain) reportCycle(context, node, [file, ...chain]);
    };
    return everyImport(check);
  },
};

/** Attributes people read or hear: their values are messages of the catalogues too. */
const TEXT_ATTRIBUTES = new Set([
  'alt',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'placeholder',
  'title',
  'label',
]);
const HAS_LETTER = /\p{L}/u;

/** Every text a person sees or hears comes from the catalogues (web/src/i18n): no literal words in JSX. */
const noLiteralText = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { literal: 'Literal text "{{text}}": use a message of the catalogues (useT).' },
  },
  create(context) {
    const report = (node, text) =>
      context.report({ node, messageId: 'literal', data: { text: text.trim().slice(0, 40) } });
    const literalOf = (node) =>
      node?.type === 'Literal' && typeof node.value === 'string'
        ? node.value
        : node?.type === 'TemplateLiteral' && node.expressions.length === 0
          ? node.quasis[0].value.cooked
          : undefined;
    return {
      JSXText(node) {
        if (HAS_LETTER.test(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent?.type === 'JSXAttribute') return;
        const text = literalOf(node.expression);
        if (text && HAS_LETTER.test(text)) report(node, text);
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : '';
        if (!TEXT_ATTRIBUTES.has(name)) return;
        const text = literalOf(node.value?.type === 'JSXExpressionContainer' ? node.value.expression : node.value);
        if (text && HAS_LETTER.test(text)) report(node, text);
      },
    };
  },
};

/**
 * eslint-plugin-import as configured, but its rules see the file's language options without the globals.
 * Under a flat config the plugin serializes the whole `languageOptions` into a cache key every time it looks
 * at a module (import-js/eslint-plugin-import#3148): with the 1,200 browser and Node globals below, that was
 * most of the lint's time. Its rules never read the globals (they parse modules with the parser and its
 * options, which stay), so they report exactly the same; the globals still reach every other rule.
 */
const importRules = (() => {
  const withoutGlobals = new WeakMap();
  const lighter = (languageOptions) => {
    if (!withoutGlobals.has(languageOptions)) {
      const { globals: _globals, ...rest } = languageOptions;
      withoutGlobals.set(languageOptions, rest);
    }
    return withoutGlobals.get(languageOptions);
  };
  const plugin = {
    ...importPlugin,
    rules: Object.fromEntries(
      Object.entries(importPlugin.rules).map(([name, rule]) => [
        name,
        {
          ...rule,
          create: (context) =>
            rule.create(Object.create(context, { languageOptions: { value: lighter(context.languageOptions) } })),
        },
      ]),
    ),
  };
  return (config) => ({ ...config, plugins: { ...config.plugins, import: plugin } });
})();

/**
 * Screens whose texts are not yet messages of the catalogues. Remove a line when its texts move; the
 * list only shrinks.
 */
const NOT_YET_TRANSLATED = [];

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'web/dist/**', 'cdk.out/**', '.local/**'] },
  {
    files: LINTED,
    extends: [
      js.configs.recommended,
      ...tseslint.configs.recommended,
      reactHooks.configs.flat['recommended-latest'],
      jsxA11y.flatConfigs.recommended,
      importRules(importPlugin.flatConfigs.recommended),
      importRules(importPlugin.flatConfigs.typescript),
    ],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      // Resolved paths are remembered for the whole run (30 s by default, for editors): files do not move mid-run.
      'import/cache': { lifetime: Infinity },
    },
    plugins: {
      app: {
        rules: { boundaries, 'common-no-cycle': commonNoCycle, 'no-cycle': noCycle, 'no-literal-text': noLiteralText },
      },
    },
    rules: {
      'app/boundaries': 'error',
      'app/common-no-cycle': 'error',
      'app/no-cycle': 'error',
      // TypeScript checks every import and what it names (typescript-eslint's advice for eslint-plugin-import): these
      // rules would parse each imported module again, import/namespace alone a fifth of the lint's time.
      'import/no-unresolved': 'off',
      'import/namespace': 'off',
      'import/named': 'off',
      'import/default': 'off',
      'import/no-named-as-default-member': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A scrollable region (the carousels) must be reachable by keyboard.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'] }],
    },
  },
  {
    files: ['web/src/**/*.tsx'],
    ignores: ['web/src/**/*.test.tsx', 'web/src/testing/**', ...NOT_YET_TRANSLATED],
    rules: { 'app/no-literal-text': 'error' },
  },
);
