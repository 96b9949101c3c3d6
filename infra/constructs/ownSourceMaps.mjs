/**
 * Keeps in a function bundle's source map only the mappings of this repository's own code. With
 * `--enable-source-maps` (every function's NODE_OPTIONS) Node reads and parses the whole map while the bundle loads,
 * a cost of every cold start that grows with the map; the bundled AWS SDK and Powertools made about four fifths of
 * it. Their code keeps its place in the bundle (a stack frame in it reads `index.mjs:line:column`); ours still maps
 * to `lambdas/...ts:line`. Plain JavaScript, so that both builds run it as it is: the one esbuild run of the route
 * functions (./functionBundles.ts) and NodejsFunction's `afterBundling` command of the others
 * (./functionDefaults.ts `bundling`).
 *
 *   node infra/constructs/ownSourceMaps.mjs <folder> [<folder> ...]    # every *.map in each folder
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** The numbers of one segment of a mapping (base64 VLQ). */
function decodeSegment(text) {
  const out = [];
  let value = 0;
  let shift = 0;
  for (const c of text) {
    const digit = DIGIT.get(c);
    if (digit === undefined) throw new Error(`Not a source map segment: ${text}`);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

function encodeNumber(n) {
  let v = n < 0 ? (-n << 1) | 1 : n << 1;
  let text = '';
  do {
    let digit = v & 31;
    v >>>= 5;
    if (v > 0) digit |= 32;
    text += BASE64[digit];
  } while (v > 0);
  return text;
}

/** Whether a source (a path as the map gives it, relative to the map's folder) is a dependency's file, not ours. */
export const isDependency = (source, mapFolder) =>
  path.resolve(mapFolder, source).split(path.sep).includes('node_modules');

/**
 * The map (read from `mapFolder`) with only the mappings whose source is ours: a segment of a dependency's code
 * becomes an unmapped one (so the mapping before it does not stretch over it), runs of those become one, and the
 * sources and names no kept segment uses are dropped.
 */
export function ownSourceMap(map, mapFolder) {
  const keepSource = map.sources.map((s) => !isDependency(path.join(map.sourceRoot ?? '', s), mapFolder));
  const sourceIndex = new Map();
  const nameIndex = new Map();
  const sources = [];
  const names = [];
  // Absolute values carried across lines (all but the generated column), in the input and in the output.
  let inSource = 0;
  let inLine = 0;
  let inColumn = 0;
  let inName = 0;
  let outSource = 0;
  let outLine = 0;
  let outColumn = 0;
  let outName = 0;
  const lines = map.mappings.split(';').map((line) => {
    let genColumn = 0;
    let outGenColumn = 0;
    let lastUnmapped = false;
    const kept = [];
    for (const text of line ? line.split(',') : []) {
      const f = decodeSegment(text);
      genColumn += f[0];
      if (f.length > 1) {
        inSource += f[1];
        inLine += f[2];
        inColumn += f[3];
        if (f.length > 4) inName += f[4];
      }
      if (f.length > 1 && keepSource[inSource]) {
        if (!sourceIndex.has(inSource)) {
          sourceIndex.set(inSource, sources.length);
          sources.push(map.sources[inSource]);
        }
        const s = sourceIndex.get(inSource);
        let out = encodeNumber(genColumn - outGenColumn) + encodeNumber(s - outSource);
        out += encodeNumber(inLine - outLine) + encodeNumber(inColumn - outColumn);
        outSource = s;
        outLine = inLine;
        outColumn = inColumn;
        if (f.length > 4) {
          if (!nameIndex.has(inName)) {
            nameIndex.set(inName, names.length);
            names.push(map.names[inName]);
          }
          const n = nameIndex.get(inName);
          out += encodeNumber(n - outName);
          outName = n;
        }
        kept.push(out);
        outGenColumn = genColumn;
        lastUnmapped = false;
      } else if (!lastUnmapped && kept.length > 0) {
        // The end of the kept mapping before it (nothing to end at a line's start).
        kept.push(encodeNumber(genColumn - outGenColumn));
        outGenColumn = genColumn;
        lastUnmapped = true;
      }
    }
    return kept.join(',');
  });
  return { ...map, sources, names, mappings: lines.join(';') };
}

/** Rewrites every source map in `folder` to its own code's mappings. */
export function keepOwnSourceMaps(folder) {
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.map'))) {
    const full = path.join(folder, file);
    const map = JSON.parse(readFileSync(full, 'utf8'));
    writeFileSync(full, JSON.stringify(ownSourceMap(map, folder)));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const folders = process.argv.slice(2);
  if (folders.length === 0) {
    console.error('usage: node infra/constructs/ownSourceMaps.mjs <folder> [<folder> ...]');
    process.exit(2);
  }
  for (const folder of folders) keepOwnSourceMaps(folder);
}
