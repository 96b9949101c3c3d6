/**
 * The web app and the public pages on one CloudFront distribution:
 *  - the public pages (common/publicPages.ts PUBLIC_PATH_PATTERNS: /, /en/*, /biznes/*, /sherbime/*, robots.txt,
 *    the sitemaps) come from the site function's URL (infra/constructs/publicSite.ts) through origin access
 *    control, cached at the edge for as long as the page's own Cache-Control says (`s-maxage`,
 *    `stale-while-revalidate`, `stale-if-error`), with a cache key of the path alone: the pages depend on no
 *    cookie, header or query;
 *  - the app's routes (common/appRoutes.ts) and the paths that name no file are answered with index.html by a
 *    viewer-request function (the sign-in screen with its document rendered at build time in the visitor's language:
 *    common/prerender.ts; elsewhere the app's router shows the screen or its not-found screen), and every file's
 *    path is a file of the private S3 bucket (Origin Access Control) or a real 404: there is no distribution-wide
 *    error mapping, which would also turn the public pages' 404 and 410 into 200s;
 *  - security headers with a CSP naming exactly the hosts the app talks to (and, on the public pages, the hashes
 *    of their two inline scripts), long caching for Vite's hashed assets and none for index.html and /config.json.
 * The build (web/dist) is deployed with the stack, and /config.json (common/types.ts RuntimeConfig) is generated
 * from the stack's own resources, so one build serves every stage. The API's OpenAPI document
 * (common/openapi/document.ts, naming the stage's API as its server) is deployed beside it as /openapi.json.
 */
import { createHash } from 'node:crypto';
import { Aws, Duration, Fn, Lazy, Stack } from 'aws-cdk-lib';
import { CfnPolicy, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  Function as EdgeFunction,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  type ICachePolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { FunctionUrlOrigin, HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IFunctionUrl } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { APP_ROUTE_PATTERNS, FILE_PATH_PATTERN, appRouteRegExpSource } from '../../common/appRoutes';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../common/languages';
import { LANGUAGE_COOKIE, PRERENDERED_PATHS } from '../../common/prerender';
import { PUBLIC_PATH_PATTERNS } from '../../common/publicPages';
import { PAY_PATH, PAYMENT_WEBHOOK_PATH } from '../../common/payments';
import type { RuntimeConfig } from '../../common/types';
import { apiDocument } from '../../common/openapi/examples';
import { SCRIPTS } from '../../lambdas/site/pages';
import { acknowledge, acknowledgeDistributionDefaults } from '../nag';
import type { StageConfig } from '../stages';

/** Vite puts every content-hashed file here (web/vite.config.ts). */
export const HASHED_ASSETS_PATH = 'assets/*';
export const RUNTIME_CONFIG_KEY = 'config.json';
/** The API's OpenAPI document, a static file beside the web app. */
export const OPENAPI_KEY = 'openapi.json';
/**
 * Source maps of the web build (Vite writes them next to each chunk for local debugging): never
 * uploaded, and answered 404 by the CDN in case an older deploy left some in the bucket.
 */
export const SOURCE_MAP_PATTERN = '*.map';
/** The web app's page: what every app route is answered with. */
export const APP_DOCUMENT = '/index.html';
/** Longest time the edge keeps a public page, whatever its Cache-Control says (the pages ask for at most an hour). */
export const PUBLIC_PAGES_MAX_TTL = Duration.days(1);

/**
 * The viewer-request function of the app's behaviour: a screen rendered at build time (common/prerender.ts: the
 * sign-in screen) is answered with its document in the visitor's language, chosen as common/prerender.ts
 * languageOfRequest chooses it (the language cookie, else Accept-Language in order of preference, else Albanian);
 * another app route (common/appRoutes.ts) with the app's page, and so is a path that names no file (common/appRoutes.ts
 * isAnsweredByApp: the app shows its not-found screen); a file's path goes to the bucket as it is (the file, or a
 * 404). CloudFront Functions run ES5-style JavaScript: the code is written out here, and the infra tests run it
 * against languageOfRequest and isAnsweredByApp.
 */
export function appRoutesFunctionCode(patterns: readonly string[] = APP_ROUTE_PATTERNS): string {
  const routes = patterns.map((p) => `/${appRouteRegExpSource(p).replace(/\//g, '\\/')}/`).join(',');
  return [
    `var APP_ROUTES = [${routes}];`,
    `var SCREENS = ${JSON.stringify(PRERENDERED_PATHS)};`,
    `var LANGUAGES = ${JSON.stringify(LANGUAGES)};`,
    'function spoken(tag) {',
    '  var primary = tag.trim().toLowerCase().split(/[-_]/)[0];',
    '  return LANGUAGES.indexOf(primary) >= 0 ? primary : undefined;',
    '}',
    'function languageOf(request) {',
    `  var cookie = request.cookies && request.cookies[${JSON.stringify(LANGUAGE_COOKIE)}];`,
    '  if (cookie && LANGUAGES.indexOf(cookie.value) >= 0) return cookie.value;',
    "  var header = request.headers && request.headers['accept-language'];",
    '  var tags = (header ? header.value : "").split(",").map(function (part, index) {',
    '    var params = part.trim().split(";");',
    '    var q = 1;',
    '    for (var i = 1; i < params.length; i++) {',
    '      var m = /^\\s*q=([\\d.]+)\\s*$/.exec(params[i]);',
    '      if (m) { q = Number(m[1]); break; }',
    '    }',
    '    return { tag: params[0].trim(), q: q, index: index };',
    '  }).filter(function (t) { return t.tag && t.q > 0; });',
    '  tags.sort(function (a, b) { return b.q - a.q || a.index - b.index; });',
    '  for (var j = 0; j < tags.length; j++) {',
    '    var language = spoken(tags[j].tag);',
    '    if (language) return language;',
    '  }',
    `  return ${JSON.stringify(DEFAULT_LANGUAGE)};`,
    '}',
    'function handler(event) {',
    '  var request = event.request;',
    '  var bare = request.uri.length > 1 ? request.uri.replace(/\\/$/, "") : request.uri;',
    '  if (SCREENS.indexOf(bare) >= 0) {',
    // common/prerender.ts prerenderedFile (the infra tests check the two agree).
    '    request.uri = bare + "." + languageOf(request) + ".html";',
    '    return request;',
    '  }',
    '  for (var i = 0; i < APP_ROUTES.length; i++) {',
    `    if (APP_ROUTES[i].test(request.uri)) { request.uri = '${APP_DOCUMENT}'; return request; }`,
    '  }',
    `  if (!${FILE_PATH_PATTERN.toString()}.test(request.uri)) request.uri = '${APP_DOCUMENT}';`,
    '  return request;',
    '}',
  ].join('\n');
}

/** The pay step's pages on the CDN (common/payments.ts PAY_PATH): `/pay/{payment}`. */
export const PAY_PATH_PATTERN = `${PAY_PATH.split('/:')[0]}/*`;

/** CSP source of an inline script: its SHA-256, base64. */
export const scriptHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

export interface CspHosts {
  api: string;
  cognito: string;
  cdn: string;
  uploads: string;
  firebaseDatabaseUrl: string;
}

/** Origins the Firebase Realtime Database SDK connects to for `databaseURL` (it may be sent to a sibling host). */
export function firebaseOrigins(databaseURL: string): string[] {
  const host = new URL(databaseURL).host;
  const parent = host.endsWith('.firebaseio.com') ? 'firebaseio.com' : host.split('.').slice(1).join('.');
  return [
    `https://${host}`,
    `wss://${host}`,
    `wss://*.${parent}`,
    // firebase/auth's signInWithCustomToken (the chat token) talks to these two.
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
  ];
}

/**
 * What Paddle.js needs on the pay step (web/src/features/payments/PayPage.tsx): its script and styles from its CDN,
 * its checkout frame and the checkout service of the stage's environment. Only the pay step's CSP names them.
 */
export function paddleCheckoutHosts(environment: 'sandbox' | 'production') {
  const prefix = environment === 'sandbox' ? 'sandbox-' : '';
  return {
    script: ['https://cdn.paddle.com'],
    style: ['https://cdn.paddle.com'],
    img: ['https://cdn.paddle.com'],
    frame: [`https://${prefix}buy.paddle.com`],
    connect: [`https://${prefix}checkout-service.paddle.com`, 'https://cdn.paddle.com'],
  };
}

/**
 * The CSP of the app; `inlineScripts` are allowed by their hashes (the public pages' own small scripts); `checkout`
 * adds the payment provider's checkout (the pay step only).
 */
export function contentSecurityPolicy(
  hosts: CspHosts,
  inlineScripts: readonly string[] = [],
  checkout?: ReturnType<typeof paddleCheckoutHosts>,
): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScripts.map(scriptHash), ...(checkout?.script ?? [])],
    // Inline style attributes only; no inline script.
    'style-src': ["'self'", "'unsafe-inline'", ...(checkout?.style ?? [])],
    'img-src': ["'self'", 'data:', 'blob:', hosts.cdn, ...(checkout?.img ?? [])],
    'font-src': ["'self'"],
    // The media CDN too: the upload helper reads a picture's processing state from it.
    'connect-src': [
      "'self'",
      hosts.api,
      hosts.cognito,
      hosts.uploads,
      hosts.cdn,
      ...firebaseOrigins(hosts.firebaseDatabaseUrl),
      ...(checkout?.connect ?? []),
    ],
    ...(checkout ? { 'frame-src': ["'self'", ...checkout.frame] } : {}),
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ');
}

export interface WebHostingProps {
  stage: StageConfig;
  /** Folder of the web build (web/dist); must contain index.html. */
  webDistPath: string;
  accessLogs: IBucket;
  /** WAF web ACL (scope CLOUDFRONT) of the CDN (infra/edge.ts). */
  webAclArn: string;
  csp: CspHosts;
  /** The public site's function URL (AWS_IAM auth; CloudFront signs its requests through origin access control). */
  siteUrl: IFunctionUrl;
  /** The API's address: its payment webhook route is also served on the CDN, behind the WAF (PAYMENT_WEBHOOK_PATH). */
  apiUrl: string;
}

export class WebHosting extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** https://<domain> the app is served from (CORS origin of the API and the uploads). */
  readonly origin: string;
  readonly responseHeaders: ResponseHeadersPolicy;
  readonly publicResponseHeaders: ResponseHeadersPolicy;
  readonly payResponseHeaders: ResponseHeadersPolicy;
  readonly publicCachePolicy: CachePolicy;
  readonly appRoutes: EdgeFunction;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: WebHostingProps,
  ) {
    super(scope, id);
    const { stage, accessLogs } = props;

    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'web-bucket/',
      // The build is redeployed from the repository at any time: nothing in here needs keeping.
      removalPolicy: stage.removalPolicy,
      autoDeleteObjects: !stage.prod,
    });

    const securityHeaders = (csp: string) => ({
      strictTransportSecurity: {
        accessControlMaxAge: Duration.days(365),
        includeSubdomains: true,
        preload: true,
        override: true,
      },
      contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
    });
    this.responseHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: `${stage.prefix}-web-security`,
      securityHeadersBehavior: securityHeaders(contentSecurityPolicy(props.csp)),
    });
    // The pay step opens the payment provider's checkout: only its pages may load Paddle.js and its frame.
    this.payResponseHeaders = new ResponseHeadersPolicy(this, 'PaySecurityHeaders', {
      responseHeadersPolicyName: `${stage.prefix}-pay-security`,
      securityHeadersBehavior: securityHeaders(
        contentSecurityPolicy(props.csp, [], paddleCheckoutHosts(stage.payments.environment)),
      ),
    });
    // The public pages run small inline scripts (lambdas/site/pages/scripts.ts SCRIPTS), allowed by their hashes.
    this.publicResponseHeaders = new ResponseHeadersPolicy(this, 'PublicSecurityHeaders', {
      responseHeadersPolicyName: `${stage.prefix}-public-security`,
      securityHeadersBehavior: securityHeaders(contentSecurityPolicy(props.csp, Object.values(SCRIPTS))),
    });
    // A page is the same for every visitor: the key is the path alone. How long the edge keeps it is the page's
    // own Cache-Control (s-maxage, stale-while-revalidate, stale-if-error; lambdas/site CACHE_CONTROL); an answer
    // without one is not kept.
    this.publicCachePolicy = new CachePolicy(this, 'PublicPagesCache', {
      cachePolicyName: `${stage.prefix}-public-pages`,
      comment: 'Public pages: keyed by path only, kept as long as their s-maxage says',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: PUBLIC_PAGES_MAX_TTL,
      cookieBehavior: CacheCookieBehavior.none(),
      headerBehavior: CacheHeaderBehavior.none(),
      queryStringBehavior: CacheQueryStringBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    const origin = S3BucketOrigin.withOriginAccessControl(this.bucket);
    const siteOrigin = FunctionUrlOrigin.withOriginAccessControl(props.siteUrl);
    const publicPages: BehaviorOptions = {
      origin: siteOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: this.publicCachePolicy,
      responseHeadersPolicy: this.publicResponseHeaders,
      compress: true,
    };
    const behavior = (cachePolicy: ICachePolicy): BehaviorOptions => ({
      origin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy,
      responseHeadersPolicy: this.responseHeaders,
      compress: true,
    });

    const notFound = new EdgeFunction(this, 'NoSourceMaps', {
      comment: 'Answers 404 for source maps of the web build',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(
        'function handler() { return { statusCode: 404, statusDescription: "Not Found" }; }',
      ),
    });

    this.appRoutes = new EdgeFunction(this, 'AppRoutes', {
      comment: 'Answers the web app routes with index.html',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(appRoutesFunctionCode()),
    });

    this.distribution = new Distribution(this, 'Cdn', {
      comment: `${stage.prefix} web app`,
      // index.html, config.json and other unhashed files: never cached by CloudFront (and sent with
      // Cache-Control: no-cache, so browsers revalidate); the hashed assets are cached for a year. The app's
      // routes (/client-dashboard, /post/123...) are not objects: the function answers them with the app.
      defaultBehavior: {
        ...behavior(CachePolicy.CACHING_DISABLED),
        functionAssociations: [{ function: this.appRoutes, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      // Behaviours match in this order: source maps (also those under assets/) first, then the hashed assets,
      // then the public pages (/ among them: there is no default root object, the landing page is the site's).
      additionalBehaviors: {
        [SOURCE_MAP_PATTERN]: {
          ...behavior(CachePolicy.CACHING_DISABLED),
          functionAssociations: [{ function: notFound, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
        [`/${HASHED_ASSETS_PATH}`]: behavior(CachePolicy.CACHING_OPTIMIZED),
        ...Object.fromEntries(PUBLIC_PATH_PATTERNS.map((pattern) => [pattern, publicPages])),
        // The pay step: the app, with the CSP that lets it open the payment provider's checkout.
        [PAY_PATH_PATTERN]: {
          ...behavior(CachePolicy.CACHING_DISABLED),
          responseHeadersPolicy: this.payResponseHeaders,
          functionAssociations: [{ function: this.appRoutes, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
        // Paddle's webhooks reach the API through the CDN, so the web ACL's own rate rule for them applies
        // (infra/edge.ts); the body and the Paddle-Signature header pass unchanged, nothing is cached.
        [PAYMENT_WEBHOOK_PATH]: {
          origin: new HttpOrigin(Fn.select(2, Fn.split('/', props.apiUrl)), {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          compress: false,
        },
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: accessLogs,
      logFilePrefix: 'web-cdn/',
      webAclId: props.webAclArn,
      ...(stage.domain
        ? {
            domainNames: [stage.domain.webDomain],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', stage.domain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });
    acknowledgeDistributionDefaults(this.distribution);
    if (!stage.domain) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR4',
        'Without a custom domain (stage setting `domain`) the app is served on *.cloudfront.net, whose certificate and TLS policy CloudFront manages.',
      );
    }
    this.origin = `https://${stage.domain?.webDomain ?? this.distribution.distributionDomainName}`;

    // A missing file is a real 404: S3 answers 404 rather than 403 for a missing key to a reader that may list
    // the bucket (only this distribution, through its origin access control; keys are no secret, the build is public).
    this.bucket.addToResourcePolicy(
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [this.bucket.bucketArn],
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        conditions: {
          StringEquals: {
            'AWS:SourceArn': `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/${this.distribution.distributionId}`,
          },
        },
      }),
    );
  }

  /** Uploads the build, the stage's /config.json and /openapi.json (after the hashed assets, so index.html never points at missing files). */
  deploy(runtimeConfig: RuntimeConfig) {
    const build = () =>
      Source.asset(this.props.webDistPath, { exclude: [SOURCE_MAP_PATTERN, `**/${SOURCE_MAP_PATTERN}`] });
    const assets = new BucketDeployment(this, 'DeployAssets', {
      destinationBucket: this.bucket,
      sources: [build()],
      exclude: ['*'],
      include: [HASHED_ASSETS_PATH],
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      // Keep the previous build's assets: a page loaded before the deploy still finds its chunks.
      prune: false,
      memoryLimit: 512,
    });
    const app = new BucketDeployment(this, 'DeployApp', {
      destinationBucket: this.bucket,
      sources: [
        build(),
        Source.jsonData(RUNTIME_CONFIG_KEY, runtimeConfig),
        Source.jsonData(OPENAPI_KEY, apiDocument({ serverUrl: runtimeConfig.apiUrl })),
      ],
      exclude: [HASHED_ASSETS_PATH],
      cacheControl: [CacheControl.noCache()],
      prune: true,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    app.node.addDependency(assets);
    this.scopeInvalidationGrant();
  }

  /**
   * BucketDeployment grants its provider function cloudfront:CreateInvalidation and GetInvalidation on
   * Resource *; both actions take a distribution ARN, so the grant is narrowed to this distribution (the
   * only one the stage's deployments invalidate) in the provider role's policy.
   */
  private scopeInvalidationGrant() {
    const stack = Stack.of(this);
    const distributionArn = `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/${this.distribution.distributionId}`;
    for (const provider of stack.node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'))) {
      const policy = provider.node.tryFindChild('ServiceRole')?.node.tryFindChild('DefaultPolicy')?.node.defaultChild;
      if (!(policy instanceof CfnPolicy)) throw new Error(`No policy found on ${provider.node.path}`);
      const original = policy.policyDocument;
      policy.policyDocument = Lazy.any({
        produce: () => {
          const doc = stack.resolve(original) as { Statement: { Action: string | string[]; Resource: unknown }[] };
          for (const statement of doc.Statement) {
            if ([statement.Action].flat().some((a) => a.startsWith('cloudfront:')))
              statement.Resource = stack.resolve(distributionArn);
          }
          return doc;
        },
      });
    }
  }
}
