/**
 * Fails when package-lock.json lacks an entry that `npm ci` will look for: every dependency and optional
 * dependency of every locked package must resolve to a locked package (walking up node_modules the way Node
 * does). A registry that lacks some platform builds lets `npm install` write a lock without them, and then
 * `npm ci` on a clean machine refuses the whole install ("Missing: ... from lock file").
 */
import fs from 'node:fs';

const file = process.argv[2] ?? new URL('../package-lock.json', import.meta.url);
const packages = JSON.parse(fs.readFileSync(file, 'utf8')).packages;

function resolves(from, dependency) {
  let base = from;
  for (;;) {
    if (packages[`${base ? `${base}/` : ''}node_modules/${dependency}`]) return true;
    if (!base) return false;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

const missing = [];
for (const [location, entry] of Object.entries(packages)) {
  const wanted = { ...entry.dependencies, ...entry.optionalDependencies, ...entry.devDependencies };
  for (const dependency of Object.keys(wanted)) {
    if (location !== '' && entry.devDependencies?.[dependency]) continue; // a dependency's dev tools are never installed
    if (!resolves(location, dependency)) missing.push(`${location || '(root)'} -> ${dependency}`);
  }
}
if (missing.length > 0) {
  console.error(
    `package-lock.json is missing ${missing.length} package(s) that npm ci needs:\n  ${missing.join('\n  ')}`,
  );
  console.error('Replace the dependency that needs them, or regenerate the lock against a registry that has them.');
  process.exit(1);
}
console.log(`package-lock.json: ${Object.keys(packages).length - 1} locked packages, none missing`);
