/**
 * Every text a screen shows is downloaded before it draws (web/src/i18n/catalogs.ts): the app's shell (what the entry
 * loads, and what it loads lazily but for the pages and sections of lazyWithTexts) uses only the shell's areas, and
 * each page or section loaded with lazyWithTexts names every other area its code uses: what it imports, and the
 * dialogs, tabs and forms it loads lazily. A message id is found in the code as a string that starts with an area
 * and a dot ('chat.title', `services.category.${id}`), comments and type-only imports left out; a table of ids a
 * module passes on to be shown elsewhere is listed in SHOWN_ELSEWHERE.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { catalogueAreaNames, shellAreasOf } from '../../web/routeChunks';

const WEB = 'web/src';
const AREAS = catalogueAreaNames();
const MESSAGE_ID = new RegExp(`^(${AREAS.join('|')})\\.`);

/** Ids a module holds for another one to show, with the page or section that shows them (it names their area). */
const SHOWN_ELSEWHERE: readonly { file: string; ids: RegExp; area: string; shownBy: string }[] = [
  // The moderation page's tabs: the router adds the verification queue's (features never import each other).
  {
    file: 'web/src/app/router.tsx',
    ids: /^moderation\.tab\./,
    area: 'moderation',
    shownBy: 'web/src/features/moderation/ModerationPage.tsx',
  },
];

interface ModuleFacts {
  /** The message ids it holds. */
  ids: Set<string>;
  /** Modules it imports for their code (static imports, re-exports). */
  imports: string[];
  /** Modules it loads lazily, except through lazyWithTexts. */
  lazy: string[];
  /** What it loads through lazyWithTexts, with the areas named there. */
  withTexts: { module: string; areas: string[] }[];
}

function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.join(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
  );
}

const facts = new Map<string, ModuleFacts>();
function factsOf(file: string): ModuleFacts {
  let known = facts.get(file);
  if (known) return known;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: ModuleFacts = { ids: new Set(), imports: [], lazy: [], withTexts: [] };
  const dynamicTarget = (node: ts.Node): string | undefined => {
    let target: string | undefined;
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [specifier] = n.arguments;
        if (specifier && ts.isStringLiteral(specifier)) target = resolve(file, specifier.text);
      }
      if (!target) ts.forEachChild(n, visit);
    };
    visit(node);
    return target;
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      const typeOnly = ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly : node.isTypeOnly;
      const target = ts.isStringLiteral(node.moduleSpecifier) ? resolve(file, node.moduleSpecifier.text) : undefined;
      if (target && !typeOnly) found.imports.push(target);
      return;
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'lazyWithTexts') {
      const [load, areas] = node.arguments;
      const module = load && dynamicTarget(load);
      if (!module || !areas || !ts.isArrayLiteralExpression(areas))
        throw new Error(`${file}: unreadable lazyWithTexts`);
      found.withTexts.push({ module, areas: areas.elements.map((e) => (e as ts.StringLiteral).text) });
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const target = dynamicTarget(node);
      if (target) found.lazy.push(target);
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) {
      if (MESSAGE_ID.test(node.text)) found.ids.add(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  facts.set(file, found);
  return found;
}

/** The ids of a module and of everything it loads, but for what it loads through lazyWithTexts, by module. */
function idsReachedFrom(root: string): Map<string, Set<string>> {
  const reached = new Map<string, Set<string>>();
  const walk = (file: string) => {
    if (reached.has(file) || file.includes('/i18n/catalog/')) return;
    const { ids, imports, lazy } = factsOf(file);
    reached.set(file, ids);
    for (const next of [...imports, ...lazy]) walk(next);
  };
  walk(root);
  return reached;
}

/** The areas used, each with the modules that use it, leaving out ids SHOWN_ELSEWHERE. */
function areasUsed(reached: Map<string, Set<string>>): Map<string, string[]> {
  const areas = new Map<string, string[]>();
  for (const [file, ids] of reached) {
    for (const id of ids) {
      if (SHOWN_ELSEWHERE.some((e) => e.file === file && e.ids.test(id))) continue;
      const area = MESSAGE_ID.exec(id)![1];
      areas.set(area, [...(areas.get(area) ?? []), file]);
    }
  }
  return areas;
}

const shellAreas = shellAreasOf(readFileSync(path.join(WEB, 'i18n/catalogs.ts'), 'utf8'));

/** Every page and section loaded with lazyWithTexts, from the entry down. */
function pagesAndSections(): { module: string; areas: string[]; namedIn: string }[] {
  const all: { module: string; areas: string[]; namedIn: string }[] = [];
  const seen = new Set<string>();
  const walk = (root: string) => {
    for (const file of idsReachedFrom(root).keys()) {
      for (const loaded of factsOf(file).withTexts) {
        if (seen.has(`${file}>${loaded.module}`)) continue;
        seen.add(`${file}>${loaded.module}`);
        all.push({ ...loaded, namedIn: file });
        walk(loaded.module);
      }
    }
  };
  walk(path.join(WEB, 'main.tsx'));
  return all;
}

const missing = (used: Map<string, string[]>, named: string[]) =>
  [...used]
    .filter(([area]) => !named.includes(area))
    .map(([area, files]) => `${area} (${[...new Set(files)].join(', ')})`);

describe('the texts each screen downloads', () => {
  const pages = pagesAndSections();

  it('the shell uses only the shell areas', () => {
    expect(shellAreas.every((area) => AREAS.includes(area))).toBe(true);
    expect(missing(areasUsed(idsReachedFrom(path.join(WEB, 'main.tsx'))), shellAreas)).toEqual([]);
  });

  it('every page and section names each area beyond the shell its code uses, and only areas that exist', () => {
    expect(pages.length).toBeGreaterThan(25);
    const problems = pages.flatMap(({ module, areas, namedIn }) => [
      ...missing(areasUsed(idsReachedFrom(module)), [...shellAreas, ...areas]).map(
        (m) => `${module} (loaded in ${namedIn}) uses ${m}`,
      ),
      ...areas.filter((a) => !AREAS.includes(a) || shellAreas.includes(a)).map((a) => `${module} names ${a}`),
    ]);
    expect(problems).toEqual([]);
  });

  it('names no area a page or section does not use (it would download texts for nothing)', () => {
    const extra = pages.flatMap(({ module, areas }) => {
      const used = areasUsed(idsReachedFrom(module));
      const shownHere = SHOWN_ELSEWHERE.filter((e) => e.shownBy === module).map((e) => e.area);
      return areas.filter((a) => !used.has(a) && !shownHere.includes(a)).map((a) => `${module} names ${a}`);
    });
    expect(extra).toEqual([]);
  });

  it('finds ids as the app writes them, and refuses an area a page uses without naming it', () => {
    const chat = pages.find((p) => p.module.endsWith('features/chat/ChatPage.tsx'));
    expect(chat).toBeDefined();
    const used = areasUsed(idsReachedFrom(chat!.module));
    expect([...used.keys()]).toContain('chat');
    expect(missing(used, shellAreas)).not.toEqual([]);
  });
});
