import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
const file = process.argv[2];
const code = readFileSync(file, 'utf8');
const map = JSON.parse(readFileSync(file + '.map', 'utf8'));
const c = new SourceMapConsumer(map);
const lines = code.split('\n');
const parts = new Map();
const mappings = [];
c.eachMapping((m) => mappings.push(m), null, SourceMapConsumer.GENERATED_ORDER);
for (let i = 0; i < mappings.length; i++) {
  const m = mappings[i];
  const n = mappings[i + 1];
  const line = lines[m.generatedLine - 1];
  const end = n && n.generatedLine === m.generatedLine ? n.generatedColumn : line.length;
  let src = (m.source || '?').replace(/.*node_modules\//, 'nm/').replace(/^(nm\/(@[^/]+\/)?[^/]+).*/, '$1');
  if (!src.startsWith('nm/')) src = 'app';
  parts.set(src, (parts.get(src) || '') + line.slice(m.generatedColumn, end));
}
console.log('file gz', gzipSync(code).length);
for (const [s, t] of [...parts].sort((a, b) => b[1].length - a[1].length).slice(0, 20))
  console.log(String(t.length).padStart(8), String(gzipSync(t).length).padStart(7), s);
