/**
 * `npm test`: every check and test project, stopping at the first failure, and how long each step took
 * (printed after each step and as a table at the end, failed or not: docs/testing.md keeps the latest figures).
 *
 * 1. the static checks side by side (each is one process on one core: the lockfile, the type check, ESLint and
 *    Prettier), their output printed as each ends;
 * 2. the unit, infra and web projects together (Vitest spreads them over every core);
 * 3. the integration project; 4. the browser project (each starts its own local stack).
 *
 * `npm test -- --from=integration` starts at a later step (for a rerun after a fix).
 */
import { spawn } from 'node:child_process';
import os from 'node:os';

const checks = [
  ['lockfile', 'node', ['scripts/check-lockfile.mjs']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['format', 'npm', ['run', '--silent', 'format:check']],
];
/**
 * The unit, infra and web files only compute: one worker per core (Vitest keeps one core free by default, which on
 * two cores means one file at a time). The integration and browser steps keep the default, whose free core runs the
 * local stack their files call.
 */
const cores = Math.max(2, os.availableParallelism());
const projects = [
  ['unit, infra, web', ['--project', 'unit', '--project', 'infra', '--project', 'web', `--maxWorkers=${cores}`]],
  ['integration', ['--project', 'integration']],
  ['browser', ['--project', 'browser']],
];

const from = process.argv.find((a) => a.startsWith('--from='))?.slice('--from='.length);
const durations = [];
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const minutes = (ms) => `${Math.floor(ms / 60000)} min ${String(Math.round((ms % 60000) / 1000)).padStart(2, '0')} s`;

/** Runs a command; `buffer` keeps its output until it ends (for commands that run side by side). */
function run(command, args, buffer) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (buffer) {
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
    }
    child.on('close', (code, signal) =>
      resolve({ ok: code === 0, code: code ?? signal, ms: Date.now() - started, output }),
    );
  });
}

function summary(failed) {
  const total = durations.reduce((sum, d) => sum + d.ms, 0);
  console.log('\nnpm test: time per step');
  for (const d of durations)
    console.log(`  ${d.name.padEnd(22)} ${minutes(d.ms).padStart(12)}${d.ok ? '' : '  FAILED'}`);
  console.log(`  ${'total'.padEnd(22)} ${minutes(total).padStart(12)}${failed ? '  (stopped at the failure)' : ''}`);
}

async function main() {
  const steps = ['checks', ...projects.map(([name]) => name)];
  const start = from ? steps.findIndex((s) => s.startsWith(from)) : 0;
  if (start < 0) throw new Error(`--from=${from}: no such step (${steps.join(' | ')})`);

  if (start === 0) {
    const started = Date.now();
    const results = await Promise.all(
      checks.map(async ([name, command, args]) => {
        const result = await run(command, args, true);
        console.log(`\n▶ ${name} (${seconds(result.ms)}, ${result.ok ? 'passed' : `failed: ${result.code}`})`);
        if (result.output.trim()) process.stdout.write(result.output);
        return { name, ...result };
      }),
    );
    for (const r of results) console.log(`  ${r.name}: ${seconds(r.ms)}`);
    const ok = results.every((r) => r.ok);
    durations.push({ name: 'checks (side by side)', ms: Date.now() - started, ok });
    if (!ok) return false;
  }
  for (const [name, args] of projects.slice(Math.max(0, start - 1))) {
    console.log(`\n▶ ${name}`);
    const result = await run('npx', ['vitest', 'run', ...args], false);
    durations.push({ name, ms: result.ms, ok: result.ok });
    console.log(`  ${name}: ${minutes(result.ms)}`);
    if (!result.ok) return false;
  }
  return true;
}

main().then(
  (ok) => {
    summary(!ok);
    process.exit(ok ? 0 : 1);
  },
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
