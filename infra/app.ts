/**
 * Builds the CDK app for one stage: used by bin/app.ts (`cdk synth/deploy -c stage=...`) and by the
 * infra tests, so both check the same wiring, cdk-nag included.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import type { RouteDef } from '../common/routes';
import { REPO_ROOT } from './constructs/api';
import { EdgeStack } from './edge';
import { MarketplaceStack } from './stack';
import { GlobalTableChecks } from './nag';
import { stageFromContext } from './stages';

export const DEFAULT_WEB_DIST = path.join(REPO_ROOT, 'web/dist');

export interface BuildOptions {
  /** Context values (tests); the CLI's `-c` values and cdk.json arrive through the App itself. */
  context?: Record<string, unknown>;
  webDistPath?: string;
  routes?: readonly RouteDef[];
  outdir?: string;
}

export const stackName = (stage: string) => `Marketplace-${stage}`;
/** The stage's us-east-1 stack (WAF web ACLs of its CloudFront distributions, infra/edge.ts). */
export const edgeStackName = (stage: string) => `${stackName(stage)}-edge`;

/** cdk.json's context (feature flags): the CLI passes it to the app; tests get it from here. */
function cdkJsonContext(): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')).context ?? {};
}

export function buildApp(options: BuildOptions = {}) {
  const app = new App({ context: { ...cdkJsonContext(), ...options.context }, outdir: options.outdir });
  const stage = stageFromContext((key) => app.node.tryGetContext(key));

  const webDistPath = options.webDistPath ?? DEFAULT_WEB_DIST;
  if (!existsSync(path.join(webDistPath, 'index.html'))) {
    throw new Error(
      `${path.join(webDistPath, 'index.html')} is missing: build the web app first (npm run build:web; npm run synth does both)`,
    );
  }

  const account = process.env.CDK_DEFAULT_ACCOUNT;
  const edge = new EdgeStack(app, edgeStackName(stage.name), {
    stage,
    description: `Interior-design marketplace, stage ${stage.name}: WAF web ACLs of its CloudFront distributions`,
    env: { account },
    terminationProtection: stage.prod,
  });
  const stack = new MarketplaceStack(app, stackName(stage.name), {
    stage,
    webDistPath,
    routes: options.routes,
    description: `Interior-design marketplace, stage ${stage.name}`,
    env: { account, region: process.env.CDK_DEFAULT_REGION },
    terminationProtection: stage.prod,
  });
  // The main stack reads the ACLs' ARNs while it deploys: the edge stack goes first.
  stack.addStackDependency(edge);
  // cdk-nag's AwsSolutions and Serverless packs on every synth (a policy-validation plugin in cdk-nag 3): an
  // unacknowledged error fails `cdk synth`. GlobalTableChecks runs its DynamoDB rules on the table
  // as synthesized (a global table, which the packs' rules skip: infra/nag.ts).
  Validations.of(app).addPlugins(
    new AwsSolutionsChecks(app, { verbose: true }),
    new ServerlessChecks(app, { verbose: true }),
    new GlobalTableChecks(app, { verbose: true }),
  );
  return { app, stack, edge, stage };
}
