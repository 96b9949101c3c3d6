/**
 * The public site (lambdas/site/handler.ts: landing, business profiles, service directories, robots.txt and the
 * sitemaps) as one Lambda function behind the web app's CloudFront distribution. Its function URL takes only
 * signed requests (AWS_IAM), which CloudFront makes through origin access control (WebHosting), so the pages are
 * reached through the CDN and its cache alone. Its role reads the table (infra/access.ts SITE_ACCESS: no Scan,
 * no writes) and writes its own log group.
 *
 * SITE_URL (the origin every canonical, hreflang and sitemap address is written with) is the stage's custom
 * domain when it has one. Without one the site is on the distribution's *.cloudfront.net name, which is only known
 * once the distribution exists, and the distribution needs the function URL first: the address is then set on
 * the function after the distribution is created (`useSiteUrl`).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FunctionUrlAuthType, InvokeMode, type FunctionUrl } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { API_TIME_LIMIT_SECONDS } from '../../common/constants';
import { INDEXES } from '../../lambdas/model/schema';
import { SITE_ACCESS } from '../access';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stages';
import {
  PRODUCTION_BUILD,
  REPO_ROOT,
  baseEnvironment,
  functionDefaults,
  functionLogsAndRole,
} from './functionDefaults';

export const SITE_ENTRY = path.join(REPO_ROOT, 'lambdas/site/handler.ts');

/**
 * The only server renderer the site uses, in its production build: `react-dom/server`'s Node entry loads both of
 * React's (the legacy one, whose renderToStaticMarkup the pages use, and the streaming one, about 110 KB more), so
 * the bundle takes `react-dom/server` from this file instead (an esbuild alias).
 */
export const SITE_SERVER_RENDERER = path.join(
  REPO_ROOT,
  'node_modules/react-dom/cjs/react-dom-server-legacy.node.production.js',
);

/** The site function's name on a stage. */
export const siteFunctionName = (stage: Pick<StageConfig, 'prefix'>) => `${stage.prefix}-site`;

export interface PublicSiteProps {
  stage: StageConfig;
  table: ITableV2;
  /** CDN base of the processed pictures the pages show. */
  mediaBaseUrl: string;
  /** The API's address: a business page's view beacon reports to it (lambdas/site/viewBeacon.tsx). */
  apiUrl: string;
}

export class PublicSite extends Construct {
  readonly function: NodejsFunction;
  readonly url: FunctionUrl;
  private readonly environment: Record<string, string>;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: PublicSiteProps,
  ) {
    super(scope, id);
    const { stage, table } = props;
    const name = siteFunctionName(stage);

    const { logGroup, role } = functionLogsAndRole(this, {
      stage,
      functionName: name,
      description: `Public pages (${stage.name}): reads the table`,
    });
    role.addToPolicy(
      new PolicyStatement({ actions: SITE_ACCESS.table.map((a) => `dynamodb:${a}`), resources: [table.tableArn] }),
    );
    const indexes: readonly (keyof typeof INDEXES)[] = SITE_ACCESS.indexes ?? [];
    if (indexes.length > 0) {
      role.addToPolicy(
        new PolicyStatement({
          actions: ['dynamodb:Query'],
          resources: indexes.map((i) => `${table.tableArn}/index/${INDEXES[i].name}`),
        }),
      );
    }

    this.environment = {
      ...baseEnvironment(stage),
      TABLE_NAME: table.tableName,
      MEDIA_BASE_URL: props.mediaBaseUrl,
      API_URL: props.apiUrl,
      OPEN_INDEX_SHARDS: String(stage.openIndexShards),
      // Only production pages may be indexed; every other stage answers X-Robots-Tag: noindex (lambdas/site).
      SITE_INDEXABLE: String(stage.prod),
      // The price guide's figures are written in the stage's currency, as the web app writes them.
      CURRENCY: stage.currency,
      // The privacy page says where the chat messages are kept (the database's region, from its address).
      FIREBASE_DATABASE_URL: stage.firebase.databaseURL,
      ...(stage.domain ? { SITE_URL: `https://${stage.domain.webDomain}` } : {}),
    };
    this.function = new NodejsFunction(this, 'Function', {
      ...functionDefaults(this, { define: PRODUCTION_BUILD, alias: { 'react-dom/server': SITE_SERVER_RENDERER } }),
      functionName: name,
      description: 'Public pages, robots.txt and sitemaps (server-rendered)',
      entry: SITE_ENTRY,
      memorySize: stage.lambda.memoryMb,
      timeout: Duration.seconds(API_TIME_LIMIT_SECONDS),
      role,
      logGroup,
      environment: this.environment,
    });
    acknowledge(
      this.function,
      'Serverless-LambdaDLQ',
      'CloudFront invokes the function URL synchronously and answers the visitor with its result (or its stale copy); a DLQ only receives failed asynchronous invocations, which this function never gets.',
    );
    this.url = this.function.addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM, invokeMode: InvokeMode.BUFFERED });
  }

  /**
   * Sets SITE_URL when the stage has no custom domain (the distribution's own address, known only after it
   * exists). The whole environment is written, so the call changes whenever the template's environment does and
   * runs again after CloudFormation has written that environment.
   */
  useSiteUrl(origin: string) {
    if (this.props.stage.domain) return;
    const variables = { ...this.environment, SITE_URL: origin };
    const version = createHash('sha256')
      .update(JSON.stringify(Stack.of(this).resolve(this.environment)))
      .digest('hex')
      .slice(0, 12);
    const call = {
      service: 'Lambda',
      action: 'UpdateFunctionConfiguration',
      parameters: { FunctionName: this.function.functionName, Environment: { Variables: variables } },
      physicalResourceId: PhysicalResourceId.of(`${siteFunctionName(this.props.stage)}-site-url-${version}`),
    };
    const resource = new AwsCustomResource(this, 'SiteUrl', {
      onCreate: call,
      onUpdate: call,
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({
          actions: ['lambda:UpdateFunctionConfiguration'],
          resources: [this.function.functionArn],
        }),
      ]),
      installLatestAwsSdk: false,
    });
    resource.node.addDependency(this.function);
  }
}
