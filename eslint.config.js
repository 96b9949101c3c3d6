/**
 * ESLint (flat config) for the repository: typescript-eslint, React hooks, jsx-a11y, import rules (no
 * cycles) and the boundaries between the parts of the app:
 * - common/ imports nothing of the app (web, lambdas, infra), and has no import cycle, type imports included
 *   (import/no-cycle skips those): the lists of kinds and statuses are modules the schemas import, and the modules
 *   that take types from the schemas are never imported by them;
 * - the cloud app (infra/, lambdas/) imports nothing of the local runner (bin/);
 * - web/ and lambdas/ never import each other, but for one reading: the public site's renderer (lambdas/site) and
 *   the operators' weekly email (lambdas/notify/operatorReport.ts) read the web app's texts that they show too
 *   (catalogue areas, which import nothing: web/precompileMessages.ts) and its brand, so a service name, a figure's
 *   name or the brand is written once;
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
/** What of web/ the public site's renderer and the operators' email may read (texts and the brand: data, no code). */
const SITE_READS_FROM_WEB = ['web/src/i18n/catalog', 'web/src/lib/brand.ts'];
/** The Lambda code that may read them. */
const READERS_OF_WEB_TEXTS = ['lambdas/site', 'lambdas/notify/operatorReport.ts'];

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
      const siteReading =
        READERS_OF_WEB_TEXTS.some((r) => inside(file, r)) &&
        SITE_READS_FROM_WEB.some((d) => inside(target, d) || inside(`${target}.ts`, d));
      if (inside(file, 'lambdas') && inside(target, 'web') && !siteReading)
        return report('lambdas/ never imports web/.');
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
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/** The relative imports of a module (type imports included), as resolved file paths; read once per file. */
const importsOf = new Map();
const IMPORT_SOURCE =
  /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s*['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;
function resolveModule(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
    (f) => existsSync(f) && !f.endsWith(path.sep) && path.extname(f),
  );
}
function relativeImports(file) {
  if (!importsOf.has(file)) {
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const found = [...text.matchAll(IMPORT_SOURCE)].map((m) => resolveModule(file, m[1] ?? m[2])).filter(Boolean);
    importsOf.set(file, found);
  }
  return importsOf.get(file);
}
/** The chain of imports inside `dir` from `start` back to `goal`, or undefined. */
function chainBack(start, goal, dir) {
  const seen = new Set();
  const walk = (file, chain) => {
    if (file === goal) return chain;
    if (seen.has(file) || !inside(file, dir)) return undefined;
    seen.add(file);
    for (const next of relativeImports(file)) {
      const found = walk(next, [...chain, next]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(start, [start]);
}

/**
 * No import cycle inside common/, type imports included (import/no-cycle skips `import type`): a cycle there is a
 * knot every reader of the shared shapes trips on, whether or not it reaches the bundles.
 */
const commonNoCycle = {
  meta: { type: 'problem', schema: [], messages: { cycle: 'Import cycle in common/: {{chain}}' } },
  create(context) {
    const file = context.filename;
    if (!inside(file, 'common')) return {};
    importsOf.delete(file); // the file as being linted now
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = resolveModule(file, spec);
      if (!target || !inside(target, 'common')) return;
      const chain = chainBack(target, file, 'common');
      if (chain)
        context.report({
          node: node.source,
          messageId: 'cycle',
          data: { chain: [file, ...chain].map((f) => path.relative(root, f)).join(' -> ') },
        });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
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
    plugins: { app: { rules: { boundaries, 'common-no-cycle': commonNoCycle, 'no-literal-text': noLiteralText } } },
    rules: {
      'app/boundaries': 'error',
      'app/common-no-cycle': 'error',
      'import/no-cycle': ['error', { ignoreExternal: true, disableScc: true }],
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
