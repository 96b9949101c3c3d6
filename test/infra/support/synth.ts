/**
 * Synthesizes stages for the assertion tests through the same buildApp() as `cdk synth`, cdk-nag
 * included. The web build is stood in for by a temporary folder (an index.html and one hashed
 * asset), so the tests do not depend on `npm run build:web` having run.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '../../../infra/app';

export function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script>',
  );
  writeFileSync(
    path.join(dir, 'assets', 'index-abc123.js'),
    'console.log("app")\n//# sourceMappingURL=index-abc123.js.map',
  );
  writeFileSync(
    path.join(dir, 'assets', 'index-abc123.js.map'),
    '{"version":3,"sources":["src/secret.ts"],"mappings":""}',
  );
  return dir;
}

export interface Synthesized {
  template: Template;
  stack: ReturnType<typeof buildApp>['stack'];
  /** The stage's us-east-1 stack (WAF web ACLs). */
  edge: Template;
  outdir: string;
  /** Removes the cloud assembly and the stand-in web build. */
  cleanup(): void;
}

/**
 * `bundle: false` skips esbuild (CDK's `aws:cdk:bundling-stacks` = none) for stages whose test only
 * looks at non-Lambda resources.
 */
export function synthStage(
  stage: string,
  options: { bundle: boolean; context?: Record<string, unknown> },
): Synthesized {
  const outdir = mkdtempSync(path.join(tmpdir(), `cdk-${stage}-`));
  const webDistPath = fakeWebBuild();
  const cleanup = () => [outdir, webDistPath].forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  try {
    const { app, stack, edge } = buildApp({
      context: { stage, ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }), ...options.context },
      webDistPath,
      outdir,
    });
    app.synth(); // throws when cdk-nag (or CloudFormation validation) reports an unacknowledged finding
    return { template: Template.fromStack(stack), stack, edge: Template.fromStack(edge), outdir, cleanup };
  } catch (err) {
    cleanup();
    throw err;
  }
}
