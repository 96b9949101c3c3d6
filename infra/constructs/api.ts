/**
 * The HTTP API: one route and one Lambda per entry of common/routes.ts, every route behind the
 * Cognito JWT authorizer (all routes need a signed-in user; the handler checks the role from the
 * claims). Each function gets its own role with exactly the access infra/access.ts lists for it.
 * The functions (with their roles, policies and log groups) live in nested stacks, one per first path
 * segment (infra/constructs/routeFunctions.ts); the API stays in the stage's stack, with the routes, integrations and
 * invoke permissions of the segments listed in STAGE_STACK_ROUTE_GROUPS; every other segment's are in its nested stack.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Aws, Duration } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CfnStage,
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { acknowledge } from '../nag';
import { Construct } from 'constructs';
import { IDEMPOTENCY_KEY_HEADER } from '../../common/constants';
import { routeKey, type RouteDef } from '../../common/routes';
import type { StageConfig } from '../stages';
import { REPO_ROOT } from './functionDefaults';
import { HANDLERS_DIR, RouteFunctions, routeGroup, routeStackId } from './routeFunctions';
import { accessOf } from '../access';

export { HANDLERS_DIR, REPO_ROOT };

/** The response header the list endpoints put their next-page cursor in (lambdas/api/paging.ts). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/**
 * The first path segments whose routes (with their integrations and invoke permissions) are in the stage's stack, as
 * they were before route groups could keep them: moving one would replace the route (a new logical id), and a route
 * key is unique in an API, so CloudFormation could not create the new one beside the old. Every other segment (from
 * `/ideas` and `/boards` on) keeps its routes in its own nested stack with its functions: a new segment costs the
 * stage's stack one resource (its nested stack) however many routes it has.
 */
export const STAGE_STACK_ROUTE_GROUPS: ReadonlySet<string> = new Set([
  'user',
  'business',
  'account',
  'getBusinessFinishedJobs',
  'category',
  'post',
  'getPostOffers',
  'offer',
  'finishedJobs',
  'ads',
  'ad',
  'paymentTransaction',
  'subscription',
  'payments',
  'chat',
  'report',
  'moderation',
  'notifications',
  'priceguide',
  'operator',
  'contactForm',
  'generatePresignedURL',
  'upload',
]);

/** The payment provider's webhook route (throttled like the expensive routes; rate-limited by the WAF too). */
export const WEBHOOK_HANDLER = 'paymentWebhook';

/** Why each public route (no authorizer, cdk-nag AwsSolutions-APIG4) may be called without signing in. */
const PUBLIC_ROUTE_REASONS: Record<string, string> = {
  unsubscribe:
    "The one-click unsubscribe link of an email must work without signing in (RFC 8058); the handler accepts only a link token signed with the stage's secret key (lambdas/notify/unsubscribe.ts).",
  paymentWebhook:
    "Paddle's webhooks come without a sign-in: the handler reads a body only when its Paddle-Signature (HMAC-SHA256 with the stage's webhook secret) is valid and at most 5 minutes old (lambdas/payments/signature.ts); anything else is 401 and changes nothing. The route is also rate-limited by its own WAF rule on the CDN (infra/edge.ts) and its own throttle here.",
  getPriceGuide:
    'The price guide is public, read-only figures (counts and percentiles per service and town, shown only when they rest on 5 offers from 3 businesses); it names no client, business or deal, and answers are cacheable.',
};

export interface ApiProps {
  stage: StageConfig;
  routes: readonly RouteDef[];
  table: ITableV2;
  media: { bucket: IBucket; baseUrl: string };
  /** userPool: the pool a moderator's 'suspend' disables accounts in (infra/access.ts `userPool`). */
  auth: { issuerUrl: string; webClientId: string; userPool: IUserPool };
  chat: { firebaseSecret: ISecret };
  notifications: { unsubscribeSecret: ISecret; vapidSecret: ISecret };
  /** The Paddle keys (infra/constructs/payments.ts). */
  payments: { secret: ISecret };
}

export class Api extends Construct {
  readonly httpApi: HttpApi;
  /** https://{id}.execute-api.{region}.amazonaws.com (no trailing slash). */
  readonly url: string;
  /** The function of each route, by handler name. */
  readonly functions = new Map<string, NodejsFunction>();
  /** The nested stack of each route group (first path segment), by group. */
  readonly routeStacks = new Map<string, RouteFunctions>();

  constructor(
    scope: Construct,
    id: string,
    private readonly props: ApiProps,
  ) {
    super(scope, id);
    const { stage, routes } = props;

    const missing = routes.filter((r) => !existsSync(path.join(HANDLERS_DIR, `${r.handler}.ts`)));
    if (missing.length > 0) {
      throw new Error(
        `Missing handler files for ${missing.length} route(s): ${missing
          .map((r) => `${routeKey(r)} -> lambdas/handlers/${r.handler}.ts`)
          .join(', ')}`,
      );
    }

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${stage.prefix}-api`,
      description: `Marketplace API (${stage.name})`,
      createDefaultStage: false,
    });
    this.url = this.httpApi.apiEndpoint;

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      logGroupName: `/aws/apigateway/${stage.prefix}-api`,
      retention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    const httpStage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: stage.throttle,
      // Per-route Count, 4xx, 5xx and Latency metrics (the dashboard's per-route graphs).
      detailedMetricsEnabled: true,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            method: '$context.httpMethod',
            routeKey: '$context.routeKey',
            path: '$context.path',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationLatencyMs: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            userSub: '$context.authorizer.claims.sub',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });

    const authorizer = new HttpJwtAuthorizer('CognitoAuthorizer', props.auth.issuerUrl, {
      authorizerName: 'cognito',
      jwtAudience: [props.auth.webClientId],
      identitySource: ['$request.header.Authorization'],
    });

    const expensive = new Map<string, HttpRoute[]>();
    for (const route of routes) {
      const nested = this.routeStack(route);
      const fn = nested.add(route);
      this.functions.set(route.handler, fn);
      const routeProps = {
        integration: new HttpLambdaIntegration(`${route.handler}Integration`, fn),
        // Public routes: the emails' unsubscribe links (their own signed token) and the price guide (read only).
        authorizer: route.auth === 'public' ? new HttpNoneAuthorizer() : authorizer,
      };
      // A path segment of the stage stack's routes keeps them there (moving a route would replace it); every other
      // segment's routes, integrations and invoke permissions live in its own nested stack with its functions.
      const added = STAGE_STACK_ROUTE_GROUPS.has(routeGroup(route))
        ? this.httpApi.addRoutes({ path: route.path, methods: [HttpMethod[route.method]], ...routeProps })
        : [
            new HttpRoute(nested, `${route.handler}Route`, {
              httpApi: this.httpApi,
              routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
              ...routeProps,
            }),
          ];
      if (route.auth === 'public') {
        for (const r of added) {
          acknowledge(r, 'AwsSolutions-APIG4', PUBLIC_ROUTE_REASONS[route.handler] ?? PUBLIC_ROUTE_REASONS.unsubscribe);
        }
      }
      if (stage.expensiveRoutes.handlers.includes(route.handler) || route.handler === WEBHOOK_HANDLER)
        expensive.set(routeKey(route), added);
    }

    // The expensive routes get their own, lower limit (each route separately, under the stage's default).
    // The stage names them by route key, so it is created after them.
    const cfnStage = httpStage.node.defaultChild as CfnStage;
    const { rateLimit, burstLimit } = stage.expensiveRoutes.throttle;
    // The payment webhook too: Paddle sends a few events per payment, never a flood.
    cfnStage.routeSettings = Object.fromEntries(
      [...expensive.keys()].map((key) => [key, { ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit }]),
    );
    for (const added of expensive.values()) for (const r of added) httpStage.node.addDependency(r);
  }

  /** The nested stack of the route's group, created with the group's first route. */
  private routeStack(route: RouteDef): RouteFunctions {
    const group = routeGroup(route);
    let stack = this.routeStacks.get(group);
    if (!stack) {
      const { stage, table, media, chat, notifications } = this.props;
      stack = new RouteFunctions(this, routeStackId(group), {
        stage,
        group,
        table,
        media,
        chat,
        notifications,
        userPool: this.props.auth.userPool,
        userPoolClientId: this.props.auth.webClientId,
        payments: this.props.payments,
      });
      this.routeStacks.set(group, stack);
    }
    return stack;
  }

  /**
   * The web app's address, for the functions that start a checkout (the pay step is under it). Given after the web
   * distribution exists, like `allowOrigin`: the distribution's CSP names this API.
   */
  usePaymentPages(webOrigin: string) {
    for (const [handler, fn] of this.functions)
      if (accessOf(handler).paymentsSecret) fn.addEnvironment('APP_URL', webOrigin);
  }

  /**
   * CORS for browsers on `webOrigin` only. It is applied to the API after both exist because the web
   * distribution's CSP names this API and the web origin is that distribution's domain: putting the
   * origin in the API's own definition would make the two depend on each other (a cycle).
   */
  allowOrigin(webOrigin: string) {
    const cors = {
      AllowOrigins: [webOrigin],
      AllowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      AllowHeaders: ['authorization', 'content-type', IDEMPOTENCY_KEY_HEADER.toLowerCase()],
      // Retry-After: how long a 503 (a dependency unavailable, lambdas/lib/dependencies.ts) asks the app to wait.
      ExposeHeaders: [NEXT_CURSOR_HEADER, 'retry-after'],
      MaxAge: Duration.hours(1).toSeconds(),
    };
    const apiArn = `arn:${Aws.PARTITION}:apigateway:${Aws.REGION}::/apis/${this.httpApi.apiId}`;
    const call = {
      service: 'ApiGatewayV2',
      action: 'UpdateApi',
      parameters: { ApiId: this.httpApi.apiId, CorsConfiguration: cors },
      physicalResourceId: PhysicalResourceId.of(`${this.httpApi.apiId}-cors`),
    };
    const resource = new AwsCustomResource(this, 'Cors', {
      onCreate: call,
      onUpdate: call,
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({ actions: ['apigateway:PATCH'], resources: [apiArn] }),
      ]),
      installLatestAwsSdk: false,
    });
    resource.node.addDependency(this.httpApi);
    return cors;
  }
}
