/**
 * Run by scripts/bench-start.ts in a fresh Node process per measurement: imports one bundle (its module load and
 * top-level init, what a Lambda cold start does before the first invocation) and prints the time it took in ms as
 * JSON, with the CPU time the process spent meanwhile (every thread of it: on a busy machine the wall time also
 * counts the waits for a core, the CPU time does not). Plain JavaScript, so that nothing but the bundle is compiled
 * or loaded in the process.
 *
 *   node scripts/lib/import-time.mjs <bundle.mjs>
 */
import { pathToFileURL } from 'node:url';

const file = process.argv[2];
const cpuBefore = process.cpuUsage();
const started = performance.now();
const bundle = await import(pathToFileURL(file).href);
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
if (typeof bundle.handler !== 'function') {
  console.error(`${file} exports no handler function`);
  process.exit(3);
}
process.stdout.write(JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000 }));
// A bundle may hold the event loop open (a keep-alive agent, a timer): the measurement is done.
process.exit(0);
