/**
 * The web app: a private S3 bucket behind CloudFront (Origin Access Control), SPA fallback to
 * index.html, security headers with a CSP naming exactly the hosts the app talks to, long caching for
 * Vite's hashed assets and none for index.html and /config.json. The build (web/dist) is deployed
 * with the stack, and /config.json (common/types.ts RuntimeConfig) is generated from the stack's own
 * resources, so one build serves every stage. The API's OpenAPI document (common/openapi/document.ts, naming the
 * stage's API as its server) is deployed beside it as /openapi.json.
 */
import { Aws, Duration, Lazy, Stack } from 'aws-cdk-lib';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  Function as EdgeFunction,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  type ICachePolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { RuntimeConfig } from '../../common/types';
import { apiDocument } from '../../bin/local/apiExamples';
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

export function contentSecurityPolicy(hosts: CspHosts): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // Inline style attributes only; no inline script.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', hosts.cdn],
    'font-src': ["'self'"],
    // The media CDN too: the upload helper reads a picture's processing state from it.
    'connect-src': [
      "'self'",
      hosts.api,
      hosts.cognito,
      hosts.uploads,
      hosts.cdn,
      ...firebaseOrigins(hosts.firebaseDatabaseUrl),
    ],
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
}

export class WebHosting extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** https://<domain> the app is served from (CORS origin of the API and the uploads). */
  readonly origin: string;
  readonly responseHeaders: ResponseHeadersPolicy;

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

    this.responseHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: `${stage.prefix}-web-security`,
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365),
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(props.csp), override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });

    const origin = S3BucketOrigin.withOriginAccessControl(this.bucket);
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

    this.distribution = new Distribution(this, 'Cdn', {
      comment: `${stage.prefix} web app`,
      defaultRootObject: 'index.html',
      // index.html, config.json and other unhashed files: never cached by CloudFront (and sent with
      // Cache-Control: no-cache, so browsers revalidate); the hashed assets are cached for a year.
      defaultBehavior: behavior(CachePolicy.CACHING_DISABLED),
      // Behaviours match in this order: source maps (also those under assets/) first.
      additionalBehaviors: {
        [SOURCE_MAP_PATTERN]: {
          ...behavior(CachePolicy.CACHING_DISABLED),
          functionAssociations: [{ function: notFound, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
        [`/${HASHED_ASSETS_PATH}`]: behavior(CachePolicy.CACHING_OPTIMIZED),
      },
      // Client-side routes (/client-dashboard, /post/123...) are not objects: answer them with the app.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 200,
        responsePagePath: '/index.html',
        ttl: Duration.seconds(0),
      })),
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
