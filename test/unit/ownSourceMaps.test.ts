/**
 * A function bundle's source map cut to our own code (infra/constructs/ownSourceMaps.mjs): a position in our code
 * maps to the same file, line, column and name as before, a position in a bundled package maps to nothing (not to the
 * code of ours before it), and the map is much smaller. Built here the way the functions are built (minified ESM,
 * a package inside), from lambdas/lib/log.ts and the Powertools Logger and Metrics it imports.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, bundling } from '../../infra/constructs/functionDefaults';
import { keepOwnSourceMaps, ownSourceMap, type SourceMapV3 } from '../../infra/constructs/ownSourceMaps.mjs';

let dir: string;
let code: string;
let full: SourceMapV3;
let own: SourceMapV3;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'own-source-maps-'));
  const options = bundling();
  buildSync({
    entryPoints: { index: path.join(REPO_ROOT, 'lambdas/lib/log.ts') },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: options.format,
    target: options.target,
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'error',
  });
  code = readFileSync(path.join(dir, 'index.mjs'), 'utf8');
  full = JSON.parse(readFileSync(path.join(dir, 'index.mjs.map'), 'utf8'));
  keepOwnSourceMaps(dir);
  own = JSON.parse(readFileSync(path.join(dir, 'index.mjs.map'), 'utf8'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const isOurs = (source: string | undefined) => !!source && /\/(lambdas|common)\//.test(source);

describe('a bundle source map cut to our own code', () => {
  it('maps every position of our code as the whole map did, and no position of a package', () => {
    const before = new SourceMap(full as unknown as SourceMapPayload);
    const after = new SourceMap(own as unknown as SourceMapPayload);
    const lines = code.split('\n');
    let ours = 0;
    let packages = 0;
    for (let line = 0; line < lines.length; line++)
      for (let column = 0; column < lines[line].length; column += 7) {
        const was = before.findEntry(line, column) as { originalSource?: string };
        const is = after.findEntry(line, column) as { originalSource?: string };
        if (!was.originalSource) continue;
        if (isOurs(was.originalSource)) {
          ours++;
          expect(is, `${line}:${column}`).toEqual(was);
        } else {
          packages++;
          expect(is.originalSource, `${line}:${column}`).toBeUndefined();
        }
      }
    // Both kinds of code were there to look at: log.ts and the Powertools it imports.
    expect(ours).toBeGreaterThan(50);
    expect(packages).toBeGreaterThan(ours);
  });

  it('lists only our sources and the names they use, and is a fraction of the whole map', () => {
    expect(full.sources.some((s) => s.includes('node_modules/@aws-lambda-powertools/'))).toBe(true);
    expect(own.sources.length).toBeGreaterThan(0);
    expect(own.sources.every((s) => !s.includes('node_modules/'))).toBe(true);
    expect(own.sources.some((s) => s.endsWith('lambdas/lib/log.ts'))).toBe(true);
    expect(own.names.length).toBeLessThan(full.names.length);
    expect(JSON.stringify(own).length).toBeLessThan(JSON.stringify(full).length / 4);
  });

  it('leaves a map of our code alone', () => {
    const ownOnly = { version: 3, sources: ['../lambdas/a.ts'], names: ['x'], mappings: 'AAAA,CAACA;AACD' };
    expect(ownSourceMap(ownOnly, path.join(REPO_ROOT, 'cdk.out'))).toEqual(ownOnly);
  });
});
