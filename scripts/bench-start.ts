/**
 * How long each Lambda function takes to start: the import of its bundle in a fresh Node process (module load and
 * top-level init, what a cold start does before the first invocation), beside the same function's SDK floor.
 *
 *   npm run bench:start                          # synthesizes the dev stage, best of 7 runs, writes docs/benchmarks.md
 *   npx tsx scripts/bench-start.ts [--runs=N] [--cdk-out=DIR] [--only=TEXT,TEXT] [--no-write] [--strict]
 *
 * - The bundles are the ones `cdk synth` deploys: the dev stage is synthesized with real bundling into a temporary
 *   folder (the web build stood in for, as in the infra tests), or `--cdk-out` reads an existing synth.
 * - Each bundle is copied under node_modules/.cache/bench-start/, so whatever a bundle leaves out (a package the
 *   runtime or a layer would provide, sharp's native code installed next to the image processor's bundle) is
 *   resolved from this repository's node_modules, as it is from the runtime or /opt in Lambda.
 * - Each measurement is one fresh `node scripts/lib/import-time.mjs <bundle>` with the function's environment from
 *   the template (NODE_OPTIONS=--enable-source-maps included) and the variables the Lambda runtime sets
 *   (AWS_EXECUTION_ENV, so code that loads only in Lambda, the Tracer, loads here too).
 * - The SDK floor of a function is a file that imports what that function's own code uses of the AWS SDK and
 *   Powertools while it loads (its entry found among the sources its bundle's source map lists: `floorSource`) and
 *   nothing else, built with the same esbuild settings: what the function would cost to start if its own code cost
 *   nothing.
 * - Every function's bundle and floor are measured once per round, in turns, the functions in a new random order
 *   each round, for `--runs` rounds; each figure is the best of its runs (the machine is shared: the best is the
 *   least disturbed). The table gives every function, the median and the worst, and the import's CPU time beside its
 *   wall time (on a busy machine the wall time also counts the waits for a core); `--strict` exits 1 when the wall
 *   times miss START_TARGETS.
 * - Unless `--no-write` or `--only`, the figures replace the block between the markers in docs/benchmarks.md.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildSync, transformSync } from 'esbuild';
import { buildApp } from '../infra/app';
import { esbuildOptions, REPO_ROOT } from '../infra/constructs/functionDefaults';
import { fakeWebBuild } from '../test/infra/support/synth';
import { bundleSizes, type BundleSize } from './bundle-sizes';

/** What a function's import may take on this 2-core machine: the median over every function, and the worst. */
export const START_TARGETS = { medianMs: 80, worstMs: 150 } as const;

/** The packages of the SDK floor. */
const SDK_PACKAGE = /^(@aws-sdk|@aws-lambda-powertools)\//;
const RUNNER = path.join(REPO_ROOT, 'scripts/lib/import-time.mjs');
const WORK_DIR = path.join(REPO_ROOT, 'node_modules/.cache/bench-start');
const DOC = path.join(REPO_ROOT, 'docs/benchmarks.md');
export const DOC_BEGIN = '<!-- bench:start figures: written by npm run bench:start -->';
export const DOC_END = '<!-- /bench:start figures -->';

const run = promisify(execFile);

interface Measured {
  fn: BundleSize;
  bundle: string;
  floor: string;
  env: NodeJS.ProcessEnv;
  importMs: number[];
  importCpuMs: number[];
  floorMs: number[];
}

/** A folder and every folder above it. */
const ancestors = (dir: string): string[] =>
  path.dirname(dir) === dir ? [dir] : [dir, ...ancestors(path.dirname(dir))];

/** Our own source files (not node_modules) that went into a bundle, from its source map. */
export function ownSources(bundleFile: string): string[] {
  const map = JSON.parse(readFileSync(`${bundleFile}.map`, 'utf8')) as { sources: string[] };
  return map.sources
    .filter((s) => !s.includes('node_modules/') && /\.[cm]?[jt]sx?$/.test(s))
    .map((s) => {
      // Relative to the folder esbuild wrote to, which is gone: a temporary folder or one in the cloud assembly.
      const rest = s.replace(/^(\.\.\/)+/, '');
      const found = [...ancestors(path.dirname(bundleFile)), ...ancestors(os.tmpdir())]
        .map((base) => path.join(base, rest))
        .find((f) => existsSync(f));
      if (found) return found;
      const inRepo = rest.match(/(?:^|\/)((?:lambdas|common|infra|web)\/.*)$/)?.[1];
      return inRepo && existsSync(path.join(REPO_ROOT, inRepo)) ? path.join(REPO_ROOT, inRepo) : undefined;
    })
    .filter((f): f is string => f !== undefined);
}

/** Whether a source file exports a handler, and the files it imports (types aside: esbuild drops those). */
function ownImports(file: string) {
  const js = transformSync(readFileSync(file, 'utf8'), {
    loader: file.endsWith('x') ? 'tsx' : 'ts',
    format: 'esm',
  }).code;
  const specifiers = [
    ...js.matchAll(/^(?:import|export)\s+(?:[^"';]+?\s+from\s*)?"(\.[^"]+)";/gm),
    ...js.matchAll(/\bimport\(\s*"(\.[^"]+)"\s*\)/g),
  ].map((m) => m[1]);
  const imported = specifiers
    .map((specifier) => {
      const base = path.resolve(path.dirname(file), specifier);
      return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base].find((f) => existsSync(f));
    })
    .filter((f): f is string => f !== undefined);
  const exportsHandler =
    /^export\s+(?:(?:const|let|var|function|async\s+function)\s+handler\b|\{[^}]*\bhandler\b)/m.test(js);
  return { imported, exportsHandler };
}

/**
 * A bundle's entry among its own sources: the file that exports the handler and that none of them imports (a file
 * whose importers were tree-shaken away has no importer either, but exports no handler).
 */
export function entryOf(sources: string[]): string {
  const parsed = new Map(sources.map((f) => [f, ownImports(f)]));
  const imported = new Set([...parsed.values()].flatMap((p) => p.imported));
  const entries = sources.filter((f) => !imported.has(f) && parsed.get(f)!.exportsHandler);
  if (entries.length !== 1)
    throw new Error(`Not one entry among the bundle's sources: ${entries.join(', ') || 'none'}`);
  return entries[0];
}

/**
 * The source of a function's SDK floor: what its modules import from the AWS SDK and Powertools while it loads, kept
 * alive by the handler it exports. Read from the function's entry built by esbuild with every package left out, so
 * with the modules the function holds: the package imports left in that output are what those modules import (a
 * name a module imports but the function never reaches is in too: esbuild keeps a kept module's imports). Imports
 * made only by modules that load later (a dynamic import inside a function: the Secrets Manager client of
 * ../lambdas/lib/secrets.ts) load later in the function too and are not in its floor; an import awaited at the top
 * level of a module (the Tracer, in Lambda) is.
 */
export function floorSource(bundleFile: string): string {
  const entry = entryOf(ownSources(bundleFile));
  const probe = buildSync({
    entryPoints: [entry],
    outfile: path.join(os.tmpdir(), 'bench-start-floor-probe.mjs'),
    write: false,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = probe.metafile!.inputs;
  const entryKey = Object.keys(inputs).find((k) => path.resolve(k) === entry)!;
  // The packages that the modules loading with the entry import (statically, along static imports from it).
  const atStart = new Set<string>();
  const packages = new Set<string>();
  const visit = (key: string) => {
    if (atStart.has(key)) return;
    atStart.add(key);
    for (const i of inputs[key].imports) {
      if (i.kind !== 'import-statement') continue;
      if (i.external) packages.add(i.path);
      else visit(i.path);
    }
  };
  visit(entryKey);

  const output = probe.outputFiles![0].text;
  const statements: string[] = [];
  const kept: string[] = [];
  let n = 0;
  const seen = new Set<string>();
  const take = (statement: string, what: string) => {
    if (seen.has(what)) return;
    seen.add(what);
    statements.push(statement);
    kept.push(`f${n++}`);
  };
  for (const [, clause, pkg] of output.matchAll(/^import\s+([^"';]+?)\s+from\s*"([^"]+)";/gm)) {
    if (!SDK_PACKAGE.test(pkg) || !packages.has(pkg)) continue;
    const from = JSON.stringify(pkg);
    const namespace = clause.match(/\*\s+as\s+[\w$]+/);
    const named = clause.match(/\{([^}]*)\}/)?.[1];
    const defaultName = clause
      .replace(/\{[^}]*\}/, '')
      .replace(/\*\s+as\s+[\w$]+/, '')
      .replace(/,/g, '')
      .trim();
    if (namespace) take(`import * as f${n} from ${from};`, `${pkg} *`);
    if (defaultName) take(`import f${n} from ${from};`, `${pkg} default`);
    for (const part of named?.split(',') ?? []) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (name) take(`import { ${name} as f${n} } from ${from};`, `${pkg} ${name}`);
    }
  }
  // An import awaited in a top-level statement (esbuild prints those unindented) runs while the bundle loads.
  for (const [, before, pkg] of output.matchAll(/^(.*)\bimport\(\s*"([^"]+)"\s*\)/gm))
    if (
      SDK_PACKAGE.test(pkg) &&
      !/^\s/.test(before) &&
      /\bawait\s*\(?\s*$/.test(before) &&
      !/=>|\bfunction\b/.test(before)
    )
      take(`const f${n} = await import(${JSON.stringify(pkg)});`, `${pkg} loaded`);
  return `${statements.join('\n')}\nexport const handler = () => [${kept.join(', ')}];\n`;
}

/**
 * Builds a floor with the esbuild settings every function is built with (infra/constructs/functionDefaults.ts); when
 * the function's bundle leaves the SDK and Powertools out (imports them at run time, as bundles did before they held
 * them, or as a synth of another version may), its floor leaves them out too.
 */
function buildFloor(source: string, outfile: string, bundleFile: string) {
  const options = esbuildOptions();
  const leftOut = /from\s*"@aws-(sdk|lambda-powertools)\//.test(readFileSync(bundleFile, 'utf8'))
    ? ['@aws-sdk/*', '@aws-lambda-powertools/*']
    : [];
  buildSync({
    ...options,
    stdin: { contents: source, resolveDir: REPO_ROOT, sourcefile: 'floor.ts', loader: 'ts' },
    outfile,
    external: [...options.external, ...leftOut],
    logLevel: 'error',
  });
}

/** The environment of a function in Lambda: its own variables (a reference stands as a placeholder) and the runtime's. */
function lambdaEnvironment(fn: BundleSize, dir: string): NodeJS.ProcessEnv {
  const own = Object.fromEntries(
    Object.entries(fn.environment).map(([k, v]) => [k, typeof v === 'string' ? v : 'bench-placeholder']),
  );
  return {
    PATH: process.env.PATH,
    LANG: 'en_US.UTF-8',
    TZ: ':UTC',
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
    AWS_REGION: 'eu-central-1',
    AWS_DEFAULT_REGION: 'eu-central-1',
    AWS_LAMBDA_FUNCTION_NAME: fn.functionName,
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '1024',
    LAMBDA_TASK_ROOT: dir,
    ...own,
  };
}

async function importTime(file: string, env: NodeJS.ProcessEnv): Promise<{ ms: number; cpuMs: number }> {
  const { stdout } = await run(process.execPath, [RUNNER, file], { env, cwd: path.dirname(file) });
  return JSON.parse(stdout) as { ms: number; cpuMs: number };
}

const best = (xs: number[]) => Math.min(...xs);
function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}
const loadText = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

function table(rows: Measured[]): string {
  const header = ['function', 'bundle KB', 'import ms', 'its CPU ms', 'SDK floor ms', 'above floor ms'];
  const cells = rows.map((r) => [
    r.fn.functionName,
    (r.fn.bytes / 1024).toFixed(1),
    best(r.importMs).toFixed(1),
    best(r.importCpuMs).toFixed(1),
    best(r.floorMs).toFixed(1),
    (best(r.importMs) - best(r.floorMs)).toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) =>
    c
      .map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

async function main(argv: string[]) {
  const flag = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const runs = Number(flag('runs') ?? 7);
  const only = flag('only');
  const given = flag('cdk-out');
  const write = !argv.includes('--no-write') && !only;
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number of at least 1');
  const loadBefore = loadText();

  let outdir = given ? path.resolve(given) : '';
  const temporary: string[] = [];
  if (!given) {
    outdir = mkdtempSync(path.join(os.tmpdir(), 'bench-start-cdk-'));
    const web = fakeWebBuild();
    temporary.push(outdir, web);
    console.log('Synthesizing the dev stage with its bundles...');
    buildApp({ context: { stage: 'dev' }, webDistPath: web, outdir }).app.synth();
  }
  try {
    const functions = bundleSizes(outdir).filter(
      (f) => !only || only.split(',').some((part) => f.functionName.includes(part)),
    );
    if (functions.length === 0) throw new Error(`No function bundles${only ? ` matching ${only}` : ''} in ${outdir}`);
    rmSync(WORK_DIR, { recursive: true, force: true });
    const measured: Measured[] = functions.map((fn) => {
      const dir = path.join(WORK_DIR, fn.functionName);
      const bundleDir = path.join(dir, 'bundle');
      // Without what is installed next to the bundle (sharp's arm64 binaries): this machine's node_modules serve it.
      cpSync(path.dirname(fn.file), bundleDir, {
        recursive: true,
        filter: (src) => !src.split(path.sep).includes('node_modules'),
      });
      const bundle = path.join(bundleDir, path.basename(fn.file));
      const floor = path.join(dir, 'floor', 'index.mjs');
      mkdirSync(path.dirname(floor), { recursive: true });
      buildFloor(floorSource(fn.file), floor, fn.file);
      return { fn, bundle, floor, env: lambdaEnvironment(fn, bundleDir), importMs: [], importCpuMs: [], floorMs: [] };
    });

    console.log(
      `Importing ${measured.length} bundles and their SDK floors, ${runs} rounds (${process.version}, ${os.cpus().length} cores, load average ${loadBefore})...`,
    );
    for (let round = 0; round < runs; round++) {
      // In a new order each round: a burst of load from elsewhere then falls on other functions each time.
      const shuffled = measured.map((m) => ({ m, key: Math.random() })).sort((a, b) => a.key - b.key);
      for (const { m } of shuffled) {
        // In turns, the bundle first in one round and the floor first in the next.
        const order = round % 2 === 0 ? (['bundle', 'floor'] as const) : (['floor', 'bundle'] as const);
        for (const which of order) {
          const { ms, cpuMs } = await importTime(m[which], m.env);
          if (which === 'floor') m.floorMs.push(ms);
          else {
            m.importMs.push(ms);
            m.importCpuMs.push(cpuMs);
          }
        }
      }
      process.stdout.write(`  round ${round + 1} of ${runs} done (load average ${loadText()})\n`);
    }
    const loadAfter = loadText();

    const rows = [...measured].sort((a, b) => best(b.importMs) - best(a.importMs));
    const imports = rows.map((r) => best(r.importMs));
    const floors = rows.map((r) => best(r.floorMs));
    const worst = rows[0];
    const medianMs = median(imports);
    const worstMs = best(worst.importMs);
    const within = medianMs <= START_TARGETS.medianMs && worstMs <= START_TARGETS.worstMs;
    const summary = [
      `import, best of ${runs}: median ${medianMs.toFixed(1)} ms, worst ${worstMs.toFixed(1)} ms (${worst.fn.functionName}) over ${rows.length} bundles`,
      `its CPU time, best of ${runs}: median ${median(rows.map((r) => best(r.importCpuMs))).toFixed(1)} ms, worst ${Math.max(...rows.map((r) => best(r.importCpuMs))).toFixed(1)} ms (the time without the waits for a core)`,
      `SDK floor, best of ${runs}: median ${median(floors).toFixed(1)} ms, worst ${Math.max(...floors).toFixed(1)} ms`,
      `bundles: median ${(median(rows.map((r) => r.fn.bytes)) / 1024).toFixed(1)} KB, largest ${(Math.max(...rows.map((r) => r.fn.bytes)) / 1024).toFixed(1)} KB`,
      `targets (median <= ${START_TARGETS.medianMs} ms, worst <= ${START_TARGETS.worstMs} ms): ${within ? 'met' : 'MISSED'}`,
    ].join('\n');
    const conditions = `${process.version} on ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}); load average ${loadBefore} at the start, ${loadAfter} at the end`;
    console.log(`\n${table(rows)}\n\n${summary}\n${conditions}`);

    if (write) {
      const doc = readFileSync(DOC, 'utf8');
      const begin = doc.indexOf(DOC_BEGIN);
      const end = doc.indexOf(DOC_END);
      if (begin < 0 || end < begin) throw new Error(`${DOC} lacks the markers ${DOC_BEGIN} ... ${DOC_END}`);
      const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
      const block = [
        DOC_BEGIN,
        `Figures of ${when} UTC, ${conditions}:`,
        '',
        '```text',
        summary,
        '',
        table(rows),
        '```',
        DOC_END,
      ].join('\n');
      writeFileSync(DOC, doc.slice(0, begin) + block + doc.slice(end + DOC_END.length));
      console.log(`\nWritten to ${path.relative(REPO_ROOT, DOC)}.`);
    }
    if (argv.includes('--strict') && !within) process.exitCode = 1;
  } finally {
    rmSync(WORK_DIR, { recursive: true, force: true });
    for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
  }
}

if (
  process.argv[1] &&
  path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? new URL(import.meta.url).pathname)
) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err);
    process.exit(2);
  });
}
