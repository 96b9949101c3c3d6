/**
 * Prints the size of every Lambda bundle of a synthesized stage and flags those above the budget.
 *
 *   npm run synth && npm run bundle-sizes            # reads cdk.out/
 *   npx tsx scripts/bundle-sizes.ts [cdk.out dir] [--strict]
 *
 * Sizes are of the minified index.mjs (what Node loads on a cold start; the source map is not
 * loaded), with its gzip size for reference. --strict exits 1 when a bundle is over budget. Every
 * stack template is read, nested stacks' included (the route functions are in nested stacks).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 260 * 1024;

export interface BundleSize {
  stack: string;
  functionName: string;
  /** The bundle file (index.mjs in its asset folder). */
  file: string;
  bytes: number;
  gzipBytes: number;
  overBudget: boolean;
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
        overBudget: statSync(entry).size > BUDGET_BYTES,
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
    const flag = s.overBudget ? `  <-- over ${kb(BUDGET_BYTES)}` : '';
    console.log(`${s.functionName.padEnd(width)}  ${kb(s.bytes).padStart(10)}  ${kb(s.gzipBytes).padStart(9)}${flag}`);
  }
  const over = sizes.filter((s) => s.overBudget);
  const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
  console.log(`\n${sizes.length} bundles, ${kb(total)} in all; ${over.length} over the ${kb(BUDGET_BYTES)} budget.`);
  console.log(
    "Not in these figures: the AWS SDK (from the Lambda runtime) and Powertools with its Tracer (from AWS's Powertools layer), infra/constructs/functionDefaults.ts.",
  );
  if (strict && over.length > 0) process.exit(1);
}

if (
  process.argv[1] &&
  path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? new URL(import.meta.url).pathname)
) {
  main(process.argv.slice(2));
}
