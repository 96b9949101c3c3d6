/**
 * Prints the size of every Lambda bundle of a synthesized stage and flags those above the ceilings that keep
 * deploys small. What a bundle costs at a cold start is its start time, which `npm run bench:start` measures; these
 * ceilings only catch a bundle that grew by much (a package bundled by mistake).
 *
 *   npm run synth && npm run bundle-sizes            # reads cdk.out/
 *   npx tsx scripts/bundle-sizes.ts [cdk.out dir] [--strict]
 *
 * Sizes are of the minified index.mjs (the AWS SDK and Powertools included: infra/constructs/functionDefaults.ts),
 * with its gzip size, about what a deploy uploads (the source map beside it holds our own code's mappings only).
 * --strict exits 1 when a ceiling is passed. Every stack template is read, nested stacks' included (the route
 * functions are in nested stacks).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The most one function's bundle may weigh, minified. */
export const BUNDLE_CEILING_BYTES = 1200 * 1024;
/** The most all the bundles of a stage may weigh together, gzipped: a deploy that changes every function uploads them. */
export const TOTAL_CEILING_BYTES = 24 * 1024 * 1024;

export interface BundleSize {
  stack: string;
  functionName: string;
  /** The bundle file (index.mjs in its asset folder). */
  file: string;
  bytes: number;
  gzipBytes: number;
  overCeiling: boolean;
  /** The function's environment variables as the template has them (a reference is an object, not a string). */
  environment: Record<string, unknown>;
}

interface TemplateResource {
  Type: string;
  Properties?: Record<string, any>;
  Metadata?: Record<string, any>;
}

/** The bundle of each Lambda function of every stack template in `outdir`. */
export function bundleSizes(outdir: string): BundleSize[] {
  const sizes: BundleSize[] = [];
  for (const file of readdirSync(outdir).filter((f) => f.endsWith('.template.json'))) {
    const template = JSON.parse(readFileSync(path.join(outdir, file), 'utf8'));
    for (const [logicalId, r] of Object.entries<TemplateResource>(template.Resources ?? {}) as [
      string,
      TemplateResource & { Properties: Record<string, any> },
    ][]) {
      // Our route functions are named; CDK's own deployment helpers are not and are not ours to size.
      if (r.Type !== 'AWS::Lambda::Function' || typeof r.Properties?.FunctionName !== 'string') continue;
      const assetDir = assetFolder(outdir, r);
      const entry = assetDir && ['index.mjs', 'index.js'].map((f) => path.join(assetDir, f)).find(existsSync);
      if (!entry) throw new Error(`No bundle found for ${logicalId} (${r.Properties.FunctionName}) in ${outdir}`);
      const code = readFileSync(entry);
      const name = r.Properties.FunctionName as string;
      sizes.push({
        stack: file.replace('.template.json', ''),
        functionName: name,
        file: entry,
        bytes: statSync(entry).size,
        gzipBytes: gzipSync(code).length,
        overCeiling: statSync(entry).size > BUNDLE_CEILING_BYTES,
        environment: r.Properties.Environment?.Variables ?? {},
      });
    }
  }
  return sizes.sort((a, b) => b.bytes - a.bytes);
}

function assetFolder(outdir: string, r: TemplateResource): string | undefined {
  const fromMetadata = r.Metadata?.['aws:asset:path'];
  if (typeof fromMetadata === 'string') return path.join(outdir, fromMetadata);
  const key = r.Properties?.Code?.S3Key;
  if (typeof key === 'string') return path.join(outdir, `asset.${key.replace(/\.zip$/, '')}`);
  return undefined;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function main(argv: string[]) {
  const strict = argv.includes('--strict');
  const outdir = path.resolve(argv.find((a) => !a.startsWith('--')) ?? 'cdk.out');
  if (!existsSync(outdir)) {
    console.error(`${outdir} does not exist: run \`npm run synth\` first.`);
    process.exit(2);
  }
  const sizes = bundleSizes(outdir);
  if (sizes.length === 0) {
    console.error(`No Lambda bundles found in ${outdir}: run \`npm run synth\` first.`);
    process.exit(2);
  }
  const width = Math.max(...sizes.map((s) => s.functionName.length));
  console.log(`${'function'.padEnd(width)}  ${'minified'.padStart(10)}  ${'gzip'.padStart(9)}`);
  for (const s of sizes) {
    const flag = s.overCeiling ? `  <-- over ${kb(BUNDLE_CEILING_BYTES)}` : '';
    console.log(`${s.functionName.padEnd(width)}  ${kb(s.bytes).padStart(10)}  ${kb(s.gzipBytes).padStart(9)}${flag}`);
  }
  const over = sizes.filter((s) => s.overCeiling);
  const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
  const totalGzip = sizes.reduce((sum, s) => sum + s.gzipBytes, 0);
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `\n${sizes.length} bundles, ${mb(total)} minified and ${mb(totalGzip)} gzipped in all (ceiling ${mb(TOTAL_CEILING_BYTES)}); ${over.length} over the ${kb(BUNDLE_CEILING_BYTES)} ceiling of one.`,
  );
  console.log('Their start times: npm run bench:start (docs/benchmarks.md).');
  if (strict && (over.length > 0 || totalGzip > TOTAL_CEILING_BYTES)) process.exit(1);
}

if (
  process.argv[1] &&
  path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? new URL(import.meta.url).pathname)
) {
  main(process.argv.slice(2));
}
