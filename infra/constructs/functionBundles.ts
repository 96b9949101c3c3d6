/**
 * The route functions' bundles, built in one esbuild run for all of them instead of one esbuild process per
 * function (what NodejsFunction does): the same options (functionDefaults.ts `bundling()`), the same output (a
 * folder per function with `index.mjs` and its source map, cut to our own code by ./ownSourceMaps.mjs), about
 * twenty times faster, since the modules the handlers share are read and parsed once. Built once per process (a synth of several stages, the stack tests)
 * into a temporary folder removed when the process ends; not built when the stack skips bundling
 * (`aws:cdk:bundling-stacks`), where NodejsFunction stands in its own placeholder.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { buildSync } from 'esbuild';
import type { Construct } from 'constructs';
import { esbuildOptions } from './functionDefaults';
import { keepOwnSourceMaps } from './ownSourceMaps.mjs';

/** Each build's folder, by the folder of entries it bundled. */
const built = new Map<string, string>();

function buildAll(entriesDir: string): string {
  const existing = built.get(entriesDir);
  if (existing) return existing;
  const outdir = mkdtempSync(path.join(tmpdir(), 'marketplace-bundles-'));
  process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
  const entryPoints = Object.fromEntries(
    readdirSync(entriesDir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
      .map((f) => [`${f.slice(0, -'.ts'.length)}/index`, path.join(entriesDir, f)]),
  );
  buildSync({
    ...esbuildOptions(),
    entryPoints,
    outdir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  });
  // What NodejsFunction's afterBundling command does for the other functions (functionDefaults.ts `bundling`).
  for (const entry of Object.keys(entryPoints)) keepOwnSourceMaps(path.join(outdir, path.dirname(entry)));
  built.set(entriesDir, outdir);
  return outdir;
}

/**
 * The code of the function whose entry is `<entriesDir>/<name>.ts`, from the one build of every entry of that
 * folder; undefined when the stack skips bundling.
 */
export function sharedBundle(scope: Construct, entriesDir: string, name: string): Code | undefined {
  if (!Stack.of(scope).bundlingRequired) return undefined;
  return Code.fromAsset(path.join(buildAll(entriesDir), name));
}
