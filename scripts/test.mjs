/**
 * `npm test`: every check and test project, and how long each took (printed as each ends and as a table at the end,
 * failed or not: docs/testing.md keeps the latest figures). The parts run side by side, each line of their output
 * led by its name:
 *
 * - browser: the browser project;
 * - integration: the integration project;
 * - unit: the unit, infra and web projects, once the first of the two above ends;
 * - checks: the static checks side by side (the lockfile, the type check, ESLint and Prettier), each one's output
 *   printed when it ends.
 *
 * The browser and integration projects spend much of their time waiting on their emulators, the browser and the
 * timers of what they test. The checks only compute and measure no time, so they run at the lowest priority (nice 19):
 * they take the CPU the tests leave instead of slowing them. The unit project has tests that time a handler's
 * deadline: it runs at the default priority, after the browser or the integration project. The first failure stops the
 * other lanes.
 *
 * `npm test -- --only=unit,integration` runs only the named parts (checks, unit, integration, browser), to rerun
 * after a fix.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';

const checks = [
  ['lockfile', 'node', ['scripts/check-lockfile.mjs']],
  // One thread: beside the tests the type check's time is the CPU it takes from them, not its own wall time.
  ['typecheck', 'npm', ['run', '--silent', 'typecheck', '--', '--singleThreaded']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['format', 'npm', ['run', '--silent', 'format:check']],
];
/**
 * The unit, infra and web files only compute: one worker per core (Vitest keeps one core free by default, which on
 * two cores means one file at a time). The integration and browser projects keep the default (one worker).
 */
const cores = Math.max(2, os.availableParallelism());
const computing = [
  ...['--project', 'unit', '--project', 'unit-own-process', '--project', 'infra', '--project', 'web'],
  `--maxWorkers=${cores}`,
];
/**
 * The priority of the static checks (0 is the default, 19 the lowest): the lowest, so that they take only the CPU the
 * tests leave while they wait (about a fifth of it once the first minutes are past) and never slow the tests.
 */
const BACKGROUND_NICE = 19;
const PARTS = ['checks', 'unit', 'integration', 'browser'];

const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const chosen = only ? only.split(',') : PARTS;
const unknown = chosen.filter((part) => !PARTS.includes(part));
if (unknown.length) {
  console.error(`--only=${only}: no such part (${unknown.join(', ')}); the parts are ${PARTS.join(', ')}`);
  process.exit(1);
}

const durations = [];
const running = new Set();
let stopping = false;
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const minutes = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
};

/**
 * Runs a command in a process group of its own (so stopping it stops what it started: emulators, the browser).
 * Its output is kept until it ends (`'buffer'`, for the short checks) or printed line by line behind a label.
 */
function run(command, args, { output, nice = 0 }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    running.add(child);
    if (nice) lowerPriority(child.pid, nice);
    let kept = '';
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      if (output === 'buffer') {
        from.on('data', (d) => (kept += d));
        continue;
      }
      let partial = '';
      from.on('data', (d) => {
        const lines = (partial + d).split('\n');
        partial = lines.pop();
        if (lines.length) to.write(lines.map((line) => `[${output}] ${line}\n`).join(''));
      });
      from.on('end', () => partial && to.write(`[${output}] ${partial}\n`));
    }
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve({ ok: code === 0, code: code ?? signal, ms: Date.now() - started, output: kept });
    });
  });
}

/**
 * Lowers the priority of a command's process group. Linux groups the CPU time by session (autogroups, the kernel's
 * default on desktops and CI machines): a process's own nice value then only weighs against the processes of its
 * session, so the session's is lowered too; every other system weighs the process's nice value.
 */
function lowerPriority(pid, nice) {
  try {
    os.setPriority(pid, nice);
  } catch {
    /* a platform without priorities: the lane runs at the default one */
  }
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(nice));
  } catch {
    /* no autogroups here: the nice value above is what counts */
  }
}

/** Stops every lane still running (each command's whole process group). */
function stopAll() {
  stopping = true;
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopAll();
    process.exit(1);
  });

function finished(name, result) {
  durations.push({ name, ms: result.ms, ok: result.ok, stopped: !result.ok && stopping });
  console.log(`\n■ ${name}: ${minutes(result.ms)}${result.ok ? '' : `, failed: ${result.code}`}`);
  if (!result.ok && !stopping) {
    console.log(`■ ${name} failed: stopping the other lanes`);
    stopAll();
  }
  return result.ok;
}

async function staticChecks() {
  if (!chosen.includes('checks')) return true;
  const started = Date.now();
  const results = await Promise.all(
    checks.map(async ([name, command, args]) => {
      const result = await run(command, args, { output: 'buffer', nice: BACKGROUND_NICE });
      console.log(`\n▶ ${name} (${seconds(result.ms)}, ${result.ok ? 'passed' : `failed: ${result.code}`})`);
      if (result.output.trim()) process.stdout.write(result.output);
      return result;
    }),
  );
  return finished('checks (side by side)', { ok: results.every((r) => r.ok), ms: Date.now() - started, code: 1 });
}

async function project(name, args = ['--project', name], title = name) {
  if (!chosen.includes(name) || stopping) return true;
  return finished(title, await run('npx', ['vitest', 'run', ...args], { output: name }));
}

function summary(ms, ok) {
  console.log('\nnpm test: time per part (side by side)');
  for (const d of durations)
    console.log(
      `  ${d.name.padEnd(26)} ${minutes(d.ms).padStart(12)}${d.ok ? '' : d.stopped ? '  stopped' : '  FAILED'}`,
    );
  console.log(`  ${'total'.padEnd(26)} ${minutes(ms).padStart(12)}${ok ? '' : '  (stopped at the failure)'}`);
}

const started = Date.now();
const browser = project('browser');
const integration = project('integration');
Promise.all([
  browser,
  integration,
  // After whichever of the two ends first: the integration project on a machine with CPU to spare, the browser
  // project where Chromium makes the browser lane the longest.
  Promise.race([browser, integration]).then((ok) => ok && project('unit', computing, 'unit, infra, web')),
  staticChecks(),
]).then(
  (results) => {
    const ok = results.every(Boolean);
    summary(Date.now() - started, ok);
    process.exit(ok ? 0 : 1);
  },
  (error) => {
    console.error(error);
    stopAll();
    process.exit(1);
  },
);
