/**
 * The stage's payment provider: always the Paddle adapter (./paddle.ts), pointed by the environment at Paddle's
 * API (the cloud: sandbox or live, a stage setting) or at the local provider (`npm start` and the tests, which
 * serve the same API). Its settings:
 *
 * - PAYMENTS_PROVIDER: `paddle` or `local`; PAYMENTS_API_URL: the API's address; PAYMENTS_TEST: `true` when its
 *   payments are test payments (Paddle's sandbox, the local provider);
 * - PAYMENTS_PRICES: JSON `{adRun, standard, premium}`, the provider's price id of each product;
 * - the API key and the webhook secret: env PAYMENTS_API_KEY / PAYMENTS_WEBHOOK_SECRET locally, else the Secrets
 *   Manager secret named by PAYMENTS_SECRET_ARN (a JSON `{"apiKey","webhookSecret"}` the operator puts there:
 *   docs/payments.md). A secret still empty means payments are not set up: a purchase answers 503, a webhook 401.
 */
import { chargeCurrencyOf, PAYMENT_PRODUCTS, type ChargeCurrency, type PaymentProduct } from '../../common/payments';
import { config } from '../lib/config';
import { SECRET_CACHE_MS, readSecretString } from '../lib/secrets';
import { serviceUnavailable } from '../lib/errors';
import { paddleAdapter } from './paddle';
import type { PaymentPort } from './port';

export interface PaymentKeys {
  apiKey: string;
  webhookSecret: string;
}

/** Parses the secret's JSON: undefined while it holds no keys yet (a fresh stage). */
export function parsePaymentKeys(text: string | undefined): PaymentKeys | undefined {
  if (!text) return undefined;
  try {
    const v = JSON.parse(text) as Partial<PaymentKeys>;
    if (typeof v.apiKey !== 'string' || typeof v.webhookSecret !== 'string' || !v.apiKey || !v.webhookSecret)
      return undefined;
    return { apiKey: v.apiKey, webhookSecret: v.webhookSecret };
  } catch {
    return undefined;
  }
}

let cachedKeys: { value: PaymentKeys | undefined; at: number } | undefined;

async function paymentKeys(): Promise<PaymentKeys | undefined> {
  const { PAYMENTS_API_KEY: apiKey, PAYMENTS_WEBHOOK_SECRET: webhookSecret } = process.env;
  if (apiKey && webhookSecret) return { apiKey, webhookSecret };
  const arn = process.env.PAYMENTS_SECRET_ARN;
  if (!arn) return undefined;
  if (cachedKeys && Date.now() - cachedKeys.at < SECRET_CACHE_MS) return cachedKeys.value;
  cachedKeys = { value: parsePaymentKeys(await readSecretString(arn)), at: Date.now() };
  return cachedKeys.value;
}

/** The provider's price id of each product (PAYMENTS_PRICES). */
export function paymentPrices(): Record<PaymentProduct, string> {
  const raw = process.env.PAYMENTS_PRICES;
  const parsed = raw ? (JSON.parse(raw) as Partial<Record<PaymentProduct, string>>) : {};
  const missing = PAYMENT_PRODUCTS.filter((p) => typeof parsed[p] !== 'string' || !parsed[p]);
  if (missing.length) throw new Error(`PAYMENTS_PRICES names no price for ${missing.join(', ')}`);
  return parsed as Record<PaymentProduct, string>;
}

/** The currency the stage charges in (its display currency, or EUR where the provider cannot charge that). */
export const chargeCurrency = (): ChargeCurrency => chargeCurrencyOf(config.currency);

let override: PaymentPort | undefined;

/** Swap the provider (a unit test of one handler); `undefined` restores the stage's. */
export function setPaymentProvider(provider: PaymentPort | undefined) {
  override = provider;
}

/**
 * The stage's provider, or undefined when its keys are not set yet. Built per call: the keys may be rotated
 * (read again after SECRET_CACHE_MS) and the tests point a stack at another provider.
 */
export async function findPaymentProvider(): Promise<PaymentPort | undefined> {
  if (override) return override;
  const keys = await paymentKeys();
  const baseUrl = process.env.PAYMENTS_API_URL;
  if (!keys || !baseUrl) return undefined;
  return paddleAdapter({
    baseUrl,
    ...keys,
    name: process.env.PAYMENTS_PROVIDER === 'local' ? 'local' : 'paddle',
    test: process.env.PAYMENTS_TEST === 'true',
    prices: paymentPrices(),
  });
}

/** The stage's provider; 503 when payments are not set up yet (docs/payments.md). */
export async function paymentProvider(): Promise<PaymentPort> {
  const provider = await findPaymentProvider();
  if (!provider) throw serviceUnavailable(60, 'Payments are not set up on this stage yet. Please try again later.');
  return provider;
}
