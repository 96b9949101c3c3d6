/**
 * CPU profiles of a stretch of this process (node:inspector's Profiler), saved as .cpuprofile files (open them in
 * Chrome DevTools' Performance panel) and summarised as self time by package and by function. Used by
 * `BENCH_LOAD_PROFILE=<folder> npm run bench:load` to see where the API process spends its CPU under load.
 *
 *   npx tsx scripts/lib/cpuProfile.ts <file.cpuprofile>...   # the summary of saved profiles
 */
import { Session } from 'node:inspector/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** A profiler on this process; `start()` and `stop()` around each stretch to profile. */
export async function profiler() {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  // 250 µs between samples instead of 1 ms: enough samples over a few seconds of load.
  await session.post('Profiler.setSamplingInterval', { interval: 250 });
  return {
    start: () => session.post('Profiler.start'),
    stop: async () => (await session.post('Profiler.stop')).profile as unknown as CpuProfile,
    close: () => session.disconnect(),
  };
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The package a frame belongs to: an npm package, `node:<module>`, a project folder, or V8's own entries. */
export function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const inModules = url.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const parts = url.slice(inModules + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (url.startsWith('node:')) return url.replace(/^node:(internal\/)?/, 'node:').split('/')[0];
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  const rel = path.relative(root, file);
  return rel.startsWith('..') ? file : rel.split(path.sep).slice(0, 2).join('/');
}

/** Self time (ms) per package and per function over `profiles`, largest first. */
export function summarise(profiles: CpuProfile[]) {
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  const nameOf = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const pkg = packageOf(url, functionName);
    return `${functionName || '(anonymous)'} ${pkg}${url ? `:${path.basename(url)}:${lineNumber + 1}` : ''}`;
  };
  for (const profile of profiles) {
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const parents = new Map<number, ProfileNode>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n);
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      // A sample's time runs until the next sample (the first delta is from the profile's start).
      const ms = (deltas[i + 1] ?? 0) / 1000;
      const node = nodes.get(samples[i]);
      if (!node || node.callFrame.functionName === '(idle)') continue;
      const pkg = packageOf(node.callFrame.url, node.callFrame.functionName);
      const fn = nameOf(node);
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
      // Inclusive time: once for each function on the sample's stack.
      const onStack = new Set<string>();
      for (let at: ProfileNode | undefined = node; at; at = parents.get(at.id)) onStack.add(nameOf(at));
      for (const name of onStack) inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
      total += ms;
    }
  }
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return {
    total,
    byPackage: sorted(byPackage),
    byFunction: sorted(byFunction),
    inclusive: sorted(inclusive).filter(([name]) => !name.startsWith('(root)')),
  };
}

/** The summary as text: the top `top` packages and functions with their share of the busy time. */
export function summaryText(profiles: CpuProfile[], top = 25): string {
  const { total, byPackage, byFunction, inclusive } = summarise(profiles);
  const row = ([name, ms]: [string, number]) =>
    `${ms.toFixed(0).padStart(8)} ms ${((100 * ms) / (total || 1)).toFixed(1).padStart(5)} %  ${name}`;
  return [
    `CPU profile: ${total.toFixed(0)} ms busy (self time, idle left out)`,
    'by package:',
    ...byPackage.slice(0, top).map(row),
    'by function (self time):',
    ...byFunction.slice(0, top).map(row),
    'by function (with what it calls):',
    ...inclusive.slice(0, top * 2).map(row),
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = process.argv.slice(2);
  console.log(
    summaryText(
      files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as CpuProfile),
      40,
    ),
  );
}
