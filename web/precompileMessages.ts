/**
 * Build-time message compilation (FormatJS "precompile"): in a production build, every catalogue area
 * module (`web/src/i18n/catalog/<language>/<area>.ts`, and the areas the server reads too, `common/i18n/catalog/<language>/<area>.ts`) is replaced by the same keys with each ICU message
 * already parsed to its AST, and `@formatjs/icu-messageformat-parser` resolves to its `no-parser` entry
 * (same package, same types, no parser). intl-messageformat (web/src/i18n/intl.ts) formats ASTs as it formats strings, so no text changes;
 * the browser simply never downloads or runs the parser. The dev server keeps the plain strings and the
 * parser (nothing to download there), and the component tests read the catalogues as written.
 */
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const PARSER = '@formatjs/icu-messageformat-parser';
/** An area file of a catalogue; `index.ts` only gathers the areas, `types.ts` holds types. */
const AREA_FILE = /[\\/]i18n[\\/]catalog[\\/][a-z]{2}[\\/](?!index\.)[A-Za-z]+\.ts$/;

/** The module's exports with every message parsed (the module is evaluated as it was built). */
export async function compiledArea(code: string, id: string): Promise<string> {
  if (/^\s*import\s/m.test(code)) {
    throw new Error(`${id}: a catalogue area must import types only (its texts are compiled at build time)`);
  }
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Record<
    string,
    unknown
  >;
  const out: string[] = [];
  for (const [name, texts] of Object.entries(module)) {
    if (!texts || typeof texts !== 'object') throw new Error(`${id}: export ${name} is not a table of texts`);
    const compiled = Object.fromEntries(
      Object.entries(texts).map(([key, text]) => {
        if (typeof text !== 'string') throw new Error(`${id}: ${key} is not a text`);
        return [key, parse(text)];
      }),
    );
    out.push(`export const ${name} = JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`);
  }
  return out.join('\n');
}

export function precompileMessages(): Plugin[] {
  return [
    {
      // before Vite's own resolver, so every copy of the parser package resolves to its own no-parser entry
      name: 'precompile-messages:no-parser',
      apply: 'build',
      enforce: 'pre',
      async resolveId(source, importer, options) {
        if (source !== PARSER) return null;
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        if (!resolved) return null;
        return { ...resolved, id: path.join(path.dirname(resolved.id), 'no-parser.js') };
      },
    },
    {
      // after TypeScript is stripped: the area module is plain JavaScript
      name: 'precompile-messages:catalogue',
      apply: 'build',
      enforce: 'post',
      async transform(code, id) {
        if (!AREA_FILE.test(id)) return null;
        return { code: await compiledArea(code, id), map: null };
      },
    },
  ];
}
