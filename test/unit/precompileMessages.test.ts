/**
 * The production build ships each catalogue area with its messages already parsed (web/precompileMessages.ts):
 * every text of both languages must format exactly as the written message does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { transform } from 'esbuild';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { compiledArea } from '../../web/precompileMessages';

/** The web app's own areas and those the server reads too: both are compiled. */
const catalogs = ['../../web/src/i18n/catalog', '../../common/i18n/catalog'].map((c) =>
  path.resolve(import.meta.dirname, c),
);

/** The area module as the build sees it: TypeScript stripped. */
async function areaModule(file: string): Promise<string> {
  const source = readFileSync(file, 'utf8');
  return (await transform(source, { loader: 'ts', format: 'esm' })).code;
}

async function evaluate(code: string): Promise<Record<string, Record<string, unknown>>> {
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Record<
    string,
    Record<string, unknown>
  >;
}

/** Formats with every argument set to `n` (plural, number and plain arguments alike); a throw is its own answer. */
function formatted(message: string | unknown[], language: string, n: number): string {
  const format = new IntlMessageFormat(message as string, language);
  const values = new Proxy({}, { get: () => n, has: () => true });
  try {
    return String(format.format(values as Record<string, number>));
  } catch (err) {
    return `throws ${(err as Error).constructor.name}`;
  }
}

describe('precompiled catalogues', () => {
  for (const language of ['en', 'sq']) {
    const files = catalogs.flatMap((catalog) =>
      readdirSync(path.join(catalog, language))
        .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
        .map((f) => path.join(catalog, language, f)),
    );
    it(`${language}: every compiled message formats as its text (${files.length} areas)`, async () => {
      let checked = 0;
      for (const file of files) {
        const code = await areaModule(file);
        const [written, compiled] = await Promise.all([evaluate(code), compiledArea(code, file).then(evaluate)]);
        expect(Object.keys(compiled), file).toEqual(Object.keys(written));
        for (const [name, texts] of Object.entries(written)) {
          for (const [key, text] of Object.entries(texts)) {
            const ast = compiled[name][key];
            expect(Array.isArray(ast), key).toBe(true);
            for (const n of [1, 3])
              expect(formatted(ast as unknown[], language, n), key).toBe(formatted(text as string, language, n));
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThan(20);
    });
  }

  it('refuses an area that imports values: its texts could not be read at build time', async () => {
    await expect(compiledArea("import { x } from './x';\nexport const a = { 'a.b': x };", 'a.ts')).rejects.toThrow(
      /import types only/,
    );
  });
});
