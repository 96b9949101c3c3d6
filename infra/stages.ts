/**
 * Everything that differs between stages, in one typed place. The stage comes from CDK context
 * (`-c stage=dev`); a few values can be overridden from context too (see `stageFromContext`), so
 * an operator never edits code to point a stage at its own domain or Firebase project.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { FeaturePlan } from 'aws-cdk-lib/aws-cognito';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DEFAULT_OPEN_INDEX_SHARDS } from '../common/constants';
import { currencySetting, DEFAULT_CURRENCY, type Currency } from '../common/languages';
import { PAYMENT_PRODUCTS, type PaymentProduct } from '../common/payments';

export interface FirebaseSettings {
  /** Web API key of the Firebase project (public by design: it identifies the project to the SDK). */
  apiKey: string;
  projectId: string;
  /** Realtime Database address, e.g. https://<project>-default-rtdb.europe-west1.firebasedatabase.app */
  databaseURL: string;
  appId?: string;
}

export interface CustomDomain {
  /** Host name the web app is served on, e.g. app.example.al (DNS is pointed at the distribution by hand). */
  webDomain: string;
  /** ACM certificate for webDomain, in us-east-1 (CloudFront's requirement). */
  certificateArn: string;
}

export interface StageConfig {
  name: string;
  /** Production stages keep their data when the stack is deleted and refuse accidental deletes. */
  prod: boolean;
  /** Prefix of every physical name of the stage (user pool, table, API, log groups). */
  prefix: string;
  removalPolicy: RemovalPolicy;
  logRetention: RetentionDays;
  /** Custom domain of the web app; without it the web origin is the CloudFront domain. */
  domain?: CustomDomain;
  firebase: FirebaseSettings;
  /**
   * The payment provider (Paddle Billing, docs/payments.md): its environment (`sandbox`: test payments, for every
   * stage but production; `production`: real money), the client-side token Paddle.js opens the checkout with
   * (public), and the price id of each product (set up in Paddle's dashboard in the charge currency). The API key
   * and webhook secret are not here: the operator puts them in the stage's payments secret.
   * `-c paddleEnvironment=`, `-c paddleClientToken=`, `-c paddlePrices=adRun:pri_..,standard:pri_..,premium:pri_..`.
   */
  payments: PaddleStageSettings;
  /** The one currency every price of the stage is shown in (config.json `currency`; `-c currency=ALL` overrides it). */
  currency: Currency;
  /**
   * Shards of the expiry index and of the former sharded list indexes (OPEN_INDEX_SHARDS of the functions,
   * common/constants.ts DEFAULT_OPEN_INDEX_SHARDS): the lists themselves read one partition each.
   */
  openIndexShards: number;
  /** Cognito feature plan: Lite unless the app starts using an Essentials or Plus feature (docs/deploy.md, cost). */
  userPoolFeaturePlan: FeaturePlan;
  /** Default API throttling of the stage (per second; burst). */
  throttle: { rateLimit: number; burstLimit: number };
  /** Cognito token lifetimes. */
  tokens: { idAndAccess: Duration; refresh: Duration };
  /** The timeout is the same everywhere: API_TIME_LIMIT_SECONDS (common/constants.ts). */
  lambda: { memoryMb: number };
  /** Uploaded pictures no record uses (still tagged upload=pending) are deleted after this many days. */
  pendingUploadExpiry: Duration;
  /**
   * AWS WAF in front of each CloudFront distribution (web ACLs in us-east-1, infra/edge.ts): requests one
   * IP may make in 5 minutes before it is blocked. The media CDN gets more: one page shows many pictures.
   */
  waf: { webRequestsPer5MinPerIp: number; mediaRequestsPer5MinPerIp: number };
  /** Routes whose work grows with the data (filtered posts, search, upload signing): each throttled on its own. */
  /** The payment webhook's own WAF limit: requests one IP may make to it in 5 minutes (Paddle sends from few IPs). */
  webhookRequestsPer5MinPerIp: number;
  expensiveRoutes: { handlers: readonly string[]; throttle: { rateLimit: number; burstLimit: number } };
  /**
   * Dashboard and alarms (infra/constructs/monitoring.ts); alarms go to these email addresses. The email
   * rates alarm before SES's own review thresholds (bounces 5 %, complaints 0.1 % of the account's mail),
   * past which SES may pause the account's sending, sign-up codes included.
   */
  monitoring: {
    alarmEmails: readonly string[];
    serverErrorRatePercent: number;
    p95LatencyMs: number;
    emailBounceRatePercent: number;
    emailComplaintRatePercent: number;
  };
  /** AWS Backup plan of the table (daily, kept 35 days), on top of point-in-time recovery. */
  tableBackup: boolean;
  /**
   * Email (notifications and Cognito's codes) goes out through SES from `sender`, an address of `domain`,
   * the SES identity the stack creates (its DKIM records go into the domain's DNS: docs/deploy.md).
   * `-c mailDomain=` overrides the domain.
   */
  mail: { domain: string; sender: string; fromAddress: string; fromName: string };
}

/** Handlers of the expensive routes (names from common/routes.ts; the infra tests check they exist). */
export const EXPENSIVE_ROUTE_HANDLERS = ['listFilteredPosts', 'searchBusinesses', 'createUploadUrl'] as const;

export const APP_NAME = 'marketplace';

export interface PaddleStageSettings {
  environment: 'sandbox' | 'production';
  clientToken: string;
  prices: Record<PaymentProduct, string>;
}

/** Placeholders keep `cdk synth` working offline; a real stage passes its own (docs/payments.md). */
const placeholderPaddle = (environment: PaddleStageSettings['environment']): PaddleStageSettings => ({
  environment,
  clientToken: environment === 'sandbox' ? 'test_set-paddle-client-token' : 'live_set-paddle-client-token',
  prices: {
    adRun: 'pri_set_ad_run_price_000000000',
    standard: 'pri_set_standard_price_00000000',
    premium: 'pri_set_premium_price_000000000',
  },
});

const placeholderFirebase = (project: string): FirebaseSettings => ({
  // Placeholders keep `cdk synth` working offline; a real stage passes its project (docs/deploy.md).
  apiKey: 'set-firebase-api-key',
  projectId: project,
  databaseURL: `https://${project}-default-rtdb.europe-west1.firebasedatabase.app`,
});

const nonProd = (name: string): StageConfig => ({
  name,
  prod: false,
  prefix: `${APP_NAME}-${name}`,
  removalPolicy: RemovalPolicy.DESTROY,
  logRetention: RetentionDays.TWO_WEEKS,
  firebase: placeholderFirebase(`${APP_NAME}-${name}`),
  payments: placeholderPaddle('sandbox'),
  currency: DEFAULT_CURRENCY,
  openIndexShards: DEFAULT_OPEN_INDEX_SHARDS,
  webhookRequestsPer5MinPerIp: 300,
  userPoolFeaturePlan: FeaturePlan.LITE,
  throttle: { rateLimit: 50, burstLimit: 100 },
  tokens: { idAndAccess: Duration.hours(1), refresh: Duration.days(30) },
  lambda: { memoryMb: 512 },
  pendingUploadExpiry: Duration.days(2),
  waf: { webRequestsPer5MinPerIp: 1000, mediaRequestsPer5MinPerIp: 5000 },
  expensiveRoutes: { handlers: EXPENSIVE_ROUTE_HANDLERS, throttle: { rateLimit: 10, burstLimit: 20 } },
  monitoring: {
    alarmEmails: [],
    serverErrorRatePercent: 5,
    p95LatencyMs: 2000,
    emailBounceRatePercent: 4,
    emailComplaintRatePercent: 0.08,
  },
  tableBackup: false,
  mail: mailSettings(`${name}.mail.example.al`),
});

/** Mail settings of a sender domain: no-reply@ that domain, shown as the product's name. */
export const mailSettings = (domain: string): StageConfig['mail'] => ({
  domain,
  fromAddress: `no-reply@${domain}`,
  fromName: 'Interio',
  sender: `Interio <no-reply@${domain}>`,
});

/** Known stages. Any other lower-case name (a feature stage, `-c stage=alice`) gets the dev settings. */
export const STAGES: Record<string, StageConfig> = {
  dev: nonProd('dev'),
  staging: { ...nonProd('staging'), logRetention: RetentionDays.ONE_MONTH },
  prod: {
    ...nonProd('prod'),
    prod: true,
    removalPolicy: RemovalPolicy.RETAIN,
    tableBackup: true,
    logRetention: RetentionDays.SIX_MONTHS,
    // Real money: Paddle's live environment (its token and prices are passed with -c, docs/payments.md).
    payments: placeholderPaddle('production'),
    throttle: { rateLimit: 200, burstLimit: 400 },
    waf: { webRequestsPer5MinPerIp: 2000, mediaRequestsPer5MinPerIp: 10000 },
    expensiveRoutes: { handlers: EXPENSIVE_ROUTE_HANDLERS, throttle: { rateLimit: 40, burstLimit: 80 } },
    lambda: { memoryMb: 1024 },
  },
};

const STAGE_NAME = /^[a-z][a-z0-9-]{1,15}$/;

export function stageConfig(name: string): StageConfig {
  if (!STAGE_NAME.test(name)) {
    throw new Error(
      `Invalid stage "${name}": use 2-16 lower-case letters, digits or dashes, starting with a letter (e.g. -c stage=dev)`,
    );
  }
  return STAGES[name] ?? nonProd(name);
}

/** Reads a context value the way `-c key=value` and cdk.json give it. */
export type ContextReader = (key: string) => unknown;

const text = (read: ContextReader, key: string) => {
  const v = read(key);
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
};

/** The stage's Paddle settings with the context's overrides, checked (a token of the other environment is refused). */
function paddleSettings(read: ContextReader, base: PaddleStageSettings): PaddleStageSettings {
  const environment = text(read, 'paddleEnvironment') ?? base.environment;
  if (environment !== 'sandbox' && environment !== 'production')
    throw new Error(`paddleEnvironment must be sandbox or production, got "${environment}"`);
  const clientToken =
    text(read, 'paddleClientToken') ??
    (environment === base.environment ? base.clientToken : placeholderPaddle(environment).clientToken);
  if (!clientToken.startsWith(environment === 'sandbox' ? 'test_' : 'live_'))
    throw new Error(
      `paddleClientToken of the ${environment} environment starts with ${environment === 'sandbox' ? 'test_' : 'live_'}`,
    );
  const prices = { ...base.prices };
  const given = text(read, 'paddlePrices');
  for (const entry of given ? given.split(',') : []) {
    const [product, id] = entry.split(':').map((s) => s.trim());
    if (!(PAYMENT_PRODUCTS as readonly string[]).includes(product) || !/^pri_[a-z0-9_]+$/.test(id ?? ''))
      throw new Error(`paddlePrices: "${entry}" is not <${PAYMENT_PRODUCTS.join('|')}>:pri_...`);
    prices[product as PaymentProduct] = id;
  }
  return { environment, clientToken, prices };
}

/**
 * The stage named by `-c stage=<name>` (required), with these optional context overrides:
 * `webDomain` + `certificateArn`, `alarmEmails` (comma-separated), `firebaseApiKey`, `firebaseProjectId`, `firebaseDatabaseUrl`,
 * `firebaseAppId`, `currency` (EUR, ALL or USD), `mailDomain`, `paddleEnvironment`, `paddleClientToken`, `paddlePrices`.
 */
export function stageFromContext(read: ContextReader): StageConfig {
  const name = text(read, 'stage');
  if (!name) throw new Error('No stage given: run with -c stage=<name> (for example: npx cdk synth -c stage=dev)');
  const base = stageConfig(name);

  const webDomain = text(read, 'webDomain');
  const certificateArn = text(read, 'certificateArn');
  if (!!webDomain !== !!certificateArn) throw new Error('webDomain and certificateArn must be given together');

  const projectId = text(read, 'firebaseProjectId') ?? base.firebase.projectId;
  const firebase: FirebaseSettings = {
    apiKey: text(read, 'firebaseApiKey') ?? base.firebase.apiKey,
    projectId,
    databaseURL:
      text(read, 'firebaseDatabaseUrl') ??
      (projectId === base.firebase.projectId ? base.firebase.databaseURL : placeholderFirebase(projectId).databaseURL),
    appId: text(read, 'firebaseAppId') ?? base.firebase.appId,
  };
  if (!/^https:\/\/[^/]+$/.test(firebase.databaseURL.replace(/\/$/, ''))) {
    throw new Error(`firebaseDatabaseUrl must be an https origin, got ${firebase.databaseURL}`);
  }
  const emails = text(read, 'alarmEmails')
    ?.split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const badEmail = emails?.find((e) => !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(e));
  if (badEmail) throw new Error(`alarmEmails: "${badEmail}" is not an email address`);
  const monitoring = emails ? { ...base.monitoring, alarmEmails: emails } : base.monitoring;
  const currencyText = text(read, 'currency');
  const currency = currencyText ? currencySetting(currencyText, 'currency') : base.currency;
  const payments = paddleSettings(read, base.payments);
  if (base.prod && payments.environment !== 'production')
    throw new Error(`Stage ${name} is production: its payments must use Paddle's production environment`);
  const mailDomain = text(read, 'mailDomain');
  if (mailDomain && !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(mailDomain))
    throw new Error(`mailDomain: "${mailDomain}" is not a domain name`);
  const mail = mailDomain ? mailSettings(mailDomain) : base.mail;
  return {
    ...base,
    firebase,
    monitoring,
    currency,
    payments,
    mail,
    ...(webDomain && certificateArn ? { domain: { webDomain, certificateArn } } : {}),
  };
}
