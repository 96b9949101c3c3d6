/**
 * `npm test`: every check and test project, stopping at the first failure, and how long each step took
 * (printed after each step and as a table at the end, failed or not: docs/testing.md keeps the latest figures).
 *
 * 1. the static checks side by side (each is one process on one core: the lockfile, the type check, ESLint and
 *    Prettier), their output printed as each ends;
 * 2. the unit, infra and web projects together (Vitest spreads them over every core);
 * 3. the integration and browser projects side by side, each on a local stack of its own, each line of their output
 *    led by the project's name: both spend much of their time waiting on their emulators, the browser and the
 *    timers of what they test, so one's wait is the other's time to run (docs/testing.md has the figures).
 *
 * `npm test -- --from=integration` starts at the last step (for a rerun after a fix).
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
const computing = [
  'unit, infra, web',
  ['--project', 'unit', '--project', 'infra', '--project', 'web', `--maxWorkers=${cores}`],
];
const againstStacks = [
  ['integration', ['--project', 'integration']],
  ['browser', ['--project', 'browser']],
];

const from = process.argv.find((a) => a.startsWith('--from='))?.slice('--from='.length);
const durations = [];
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const minutes = (ms) => `${Math.floor(ms / 60000)} min ${String(Math.round((ms % 60000) / 1000)).padStart(2, '0')} s`;

/**
 * Runs a command. Its output is printed as it comes (`output: 'inherit'`), kept until it ends (`'buffer'`, for
 * short commands side by side), or printed line by line behind a label (`{ label }`, for long ones side by side).
 */
function run(command, args, output = 'inherit') {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let kept = '';
    if (output === 'buffer') {
      child.stdout.on('data', (d) => (kept += d));
      child.stderr.on('data', (d) => (kept += d));
    } else if (output !== 'inherit') {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let partial = '';
        from.on('data', (d) => {
          const lines = (partial + d).split('\n');
          partial = lines.pop();
          if (lines.length) to.write(lines.map((line) => `[${output.label}] ${line}\n`).join(''));
        });
        from.on('end', () => partial && to.write(`[${output.label}] ${partial}\n`));
      }
    }
    child.on('close', (code, signal) =>
      resolve({ ok: code === 0, code: code ?? signal, ms: Date.now() - started, output: kept }),
    );
  });
}

function summary(failed) {
  const total = durations.filter((d) => !d.within).reduce((sum, d) => sum + d.ms, 0);
  console.log('\nnpm test: time per step');
  for (const d of durations)
    console.log(`  ${d.name.padEnd(26)} ${minutes(d.ms).padStart(12)}${d.ok ? '' : '  FAILED'}`);
  console.log(`  ${'total'.padEnd(26)} ${minutes(total).padStart(12)}${failed ? '  (stopped at the failure)' : ''}`);
}

async function main() {
  const steps = ['checks', computing[0], againstStacks.map(([name]) => name).join(' and ')];
  const start = from ? steps.findIndex((s) => s.startsWith(from) || s.includes(` ${from}`)) : 0;
  if (start < 0) throw new Error(`--from=${from}: no such step (${steps.join(' | ')})`);

  if (start === 0) {
    const started = Date.now();
    const results = await Promise.all(
      checks.map(async ([name, command, args]) => {
        const result = await run(command, args, 'buffer');
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
  if (start <= 1) {
    const [name, args] = computing;
    console.log(`\n▶ ${name}`);
    const result = await run('npx', ['vitest', 'run', ...args]);
    durations.push({ name, ms: result.ms, ok: result.ok });
    console.log(`  ${name}: ${minutes(result.ms)}`);
    if (!result.ok) return false;
  }
  console.log(`\n▶ ${steps[2]}, side by side`);
  const started = Date.now();
  const results = await Promise.all(
    againstStacks.map(async ([name, args]) => {
      const result = await run('npx', ['vitest', 'run', ...args], { label: name });
      console.log(`  ${name}: ${minutes(result.ms)}${result.ok ? '' : `, failed: ${result.code}`}`);
      return { name, ...result };
    }),
  );
  durations.push({ name: steps[2], ms: Date.now() - started, ok: results.every((r) => r.ok) });
  for (const r of results) durations.push({ name: `  ${r.name}`, ms: r.ms, ok: r.ok, within: true });
  return results.every((r) => r.ok);
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
