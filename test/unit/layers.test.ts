/**
 * The Lambdas' layers and the line between the server and the web app, as ESLint enforces them (eslint.config.js
 * LAMBDA_LAYERS and app/boundaries): a module of one layer importing a layer above it fails the lint, and no file of
 * lambdas/ imports the web app.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;

/** The app/boundaries messages ESLint gives a module at `file` (repository path) holding `code`. */
async function crossings(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'app/boundaries').map((m) => m.message);
}

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

describe('the Lambdas import one way: model <- data <- domain <- entry points', () => {
  it('refuses a data module that imports the rules', async () => {
    const found = await crossings(
      'lambdas/data/aNewAccess.ts',
      "import { planStatusChange } from '../domain/offers';\nexport const plan = planStatusChange;\n",
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/lambdas\/data imports only .*lambdas\/domain\/offers/);
  });

  it('refuses a type-only import across a layer too', async () => {
    expect(
      await crossings(
        'lambdas/data/aNewAccess.ts',
        "import type { StatusChange } from '../domain/offers';\nexport type S = StatusChange;\n",
      ),
    ).toHaveLength(1);
  });

  it('refuses the stored shapes reading data, and the helpers reading data or the rules', async () => {
    expect(await crossings('lambdas/model/aShape.ts', "export { getOffer } from '../data/offers';\n")).toHaveLength(1);
    expect(
      await crossings('lambdas/lib/aHelper.ts', "export { isSuspended } from '../data/suspensions';\n"),
    ).toHaveLength(1);
    expect(await crossings('lambdas/lib/aHelper.ts', "export { toPostDto } from '../domain/posts';\n")).toHaveLength(1);
    expect(await crossings('lambdas/api/aWrapper.ts', "export { toPostDto } from '../domain/posts';\n")).toHaveLength(
      1,
    );
  });

  it('lets each layer import those below it, and an entry point import any', async () => {
    expect(await crossings('lambdas/domain/aRule.ts', "export { getOffer } from '../data/offers';\n")).toEqual([]);
    expect(await crossings('lambdas/data/aNewAccess.ts', "export { keys } from '../model/keys';\n")).toEqual([]);
    expect(await crossings('lambdas/model/aShape.ts', "export { refuse } from '../lib/errors';\n")).toEqual([]);
    expect(
      await crossings(
        'lambdas/handlers/aRoute.ts',
        "export { defineHandler } from '../api/http';\nexport { toPostDto } from '../domain/posts';\n",
      ),
    ).toEqual([]);
  });

  it('refuses a Lambda that imports the web app', async () => {
    const found = await crossings('lambdas/site/aPage.ts', "export { BRAND } from '../../web/src/app/router';\n");
    expect(found).toEqual([expect.stringMatching(/lambdas\/ never imports web\//)]);
  });

  it('no file of lambdas/ imports web/src', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
      );
    const importers = files(path.join(root, 'lambdas')).filter((f) =>
      /from ['"][./]*web\/src/.test(readFileSync(f, 'utf8')),
    );
    expect(importers.map((f) => path.relative(root, f))).toEqual([]);
  });
});
