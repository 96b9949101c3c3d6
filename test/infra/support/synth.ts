/**
 * Synthesizes stages for the assertion tests through the same buildApp() as `cdk synth`, cdk-nag
 * included. The web build is stood in for by a temporary folder (an index.html and one hashed
 * asset), so the tests do not depend on `npm run build:web` having run.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CfnResource, NestedStack, type Stack } from 'aws-cdk-lib';
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

type Json = unknown;
export type Resources = Record<string, { Type: string; Properties: Record<string, any>; [key: string]: any }>;

/**
 * Every resource of `stack` and of its nested stacks in one map, read as if they were one template: a
 * nested stack's parameter is replaced by the value its parent passes, and a reference to a nested
 * stack's output (`Fn::GetAtt [<nested stack>, Outputs.<name>]`) by that output's value. So an assertion
 * such as "the integration calls the function" or "the role may query the table" reads the same whichever
 * stack each resource lives in. Logical ids must not repeat across the stacks (it throws if they do).
 */
export function flattenResources(stack: Stack): Resources {
  const parent = Template.fromStack(stack).toJSON();
  const nested = stack.node
    .findAll()
    .filter((c): c is NestedStack => c instanceof NestedStack && c.nestedStackParent === stack);

  const substitute = (value: Json, replace: (v: Record<string, any>) => Json | undefined): Json => {
    if (Array.isArray(value)) return value.map((v) => substitute(v, replace));
    if (value && typeof value === 'object') {
      const replaced = replace(value as Record<string, any>);
      if (replaced !== undefined) return replaced;
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, replace)]));
    }
    return value;
  };

  const resources: Resources = { ...parent.Resources };
  const outputs = new Map<string, Json>(); // `${nestedLogicalId}.Outputs.${name}` -> value in the parent's terms
  for (const child of nested) {
    const template = Template.fromStack(child).toJSON();
    const nestedId = stack.getLogicalId(child.nestedStackResource as CfnResource);
    const passed: Record<string, Json> = parent.Resources[nestedId]?.Properties?.Parameters ?? {};
    const declared = template.Parameters ?? {};
    const inParentTerms = (value: Json) =>
      substitute(value, (v) =>
        typeof v.Ref === 'string' && v.Ref in declared && v.Ref in passed ? passed[v.Ref] : undefined,
      );
    for (const [name, output] of Object.entries<any>(template.Outputs ?? {}))
      outputs.set(`${nestedId}.Outputs.${name}`, inParentTerms(output.Value));
    for (const [id, resource] of Object.entries<any>(template.Resources ?? {})) {
      if (id in resources) throw new Error(`Logical id ${id} is in more than one stack`);
      resources[id] = inParentTerms(resource) as Resources[string];
    }
  }
  // References to nested stacks' outputs, also those passed on to another nested stack.
  const resolveOutputs = (value: Json): Json =>
    substitute(value, (v) => {
      const att = v['Fn::GetAtt'];
      const key = Array.isArray(att) && typeof att[1] === 'string' ? `${att[0]}.${att[1]}` : undefined;
      return key && outputs.has(key) ? resolveOutputs(outputs.get(key)) : undefined;
    });
  return Object.fromEntries(Object.entries(resources).map(([id, r]) => [id, resolveOutputs(r) as Resources[string]]));
}
