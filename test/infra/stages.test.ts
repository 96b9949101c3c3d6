/** Stage selection from CDK context, and the CSP's Firebase hosts (pure functions, no synth). */
import { RemovalPolicy } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { firebaseOrigins } from '../../infra/constructs/webHosting';
import { stageFromContext } from '../../infra/stages';

const ctx = (values: Record<string, string>) => (key: string) => values[key];

describe('stageFromContext', () => {
  it('requires -c stage and a valid name', () => {
    expect(() => stageFromContext(ctx({}))).toThrow('-c stage=');
    expect(() => stageFromContext(ctx({ stage: 'Prod!' }))).toThrow('Invalid stage "Prod!"');
  });

  it('keeps production data and lets other stages go', () => {
    const prod = stageFromContext(ctx({ stage: 'prod' }));
    expect(prod).toMatchObject({ prod: true, removalPolicy: RemovalPolicy.RETAIN, prefix: 'marketplace-prod' });
    const feature = stageFromContext(ctx({ stage: 'alice' }));
    expect(feature).toMatchObject({ prod: false, removalPolicy: RemovalPolicy.DESTROY, prefix: 'marketplace-alice' });
  });

  it('takes the Firebase project and the custom domain from context', () => {
    const stage = stageFromContext(
      ctx({
        stage: 'staging',
        firebaseProjectId: 'shop-stg',
        firebaseApiKey: 'AIzaX',
        webDomain: 'app.example.al',
        certificateArn: 'arn:aws:acm:us-east-1:1:certificate/x',
      }),
    );
    expect(stage.firebase).toMatchObject({
      projectId: 'shop-stg',
      apiKey: 'AIzaX',
      databaseURL: 'https://shop-stg-default-rtdb.europe-west1.firebasedatabase.app',
    });
    expect(stage.domain).toEqual({
      webDomain: 'app.example.al',
      certificateArn: 'arn:aws:acm:us-east-1:1:certificate/x',
    });
    expect(() => stageFromContext(ctx({ stage: 'dev', webDomain: 'app.example.al' }))).toThrow('certificateArn');
    expect(() => stageFromContext(ctx({ stage: 'dev', firebaseDatabaseUrl: 'http://x.firebaseio.com' }))).toThrow(
      'https',
    );
  });
});

describe('payments (Paddle)', () => {
  it("use Paddle's sandbox everywhere but production, which must use its production environment", () => {
    expect(stageFromContext(ctx({ stage: 'dev' })).payments.environment).toBe('sandbox');
    expect(stageFromContext(ctx({ stage: 'prod' })).payments.environment).toBe('production');
    expect(() => stageFromContext(ctx({ stage: 'prod', paddleEnvironment: 'sandbox' }))).toThrow(
      'production environment',
    );
    expect(() => stageFromContext(ctx({ stage: 'dev', paddleEnvironment: 'live' }))).toThrow('sandbox or production');
  });

  it('take the client token and prices from the context, checked against the environment', () => {
    const stage = stageFromContext(
      ctx({ stage: 'dev', paddleClientToken: 'test_abc', paddlePrices: 'adRun:pri_01ad,premium:pri_01prem' }),
    );
    expect(stage.payments.clientToken).toBe('test_abc');
    expect(stage.payments.prices).toMatchObject({ adRun: 'pri_01ad', premium: 'pri_01prem' });
    expect(() => stageFromContext(ctx({ stage: 'dev', paddleClientToken: 'live_abc' }))).toThrow('starts with test_');
    expect(() => stageFromContext(ctx({ stage: 'dev', paddlePrices: 'gold:pri_1' }))).toThrow('paddlePrices');
  });
});

describe('currency', () => {
  it('is EUR unless the stage or -c currency names another one the product knows', () => {
    expect(stageFromContext(ctx({ stage: 'prod' })).currency).toBe('EUR');
    expect(stageFromContext(ctx({ stage: 'dev', currency: 'all' })).currency).toBe('ALL');
    expect(() => stageFromContext(ctx({ stage: 'dev', currency: 'GBP' }))).toThrow(
      'currency must be one of EUR, ALL, USD',
    );
  });
});

describe('alarm emails', () => {
  it('reads a comma-separated list from context and refuses what is not an address', () => {
    expect(stageFromContext(ctx({ stage: 'prod', alarmEmails: 'a@x.al,  b@y.al' })).monitoring.alarmEmails).toEqual([
      'a@x.al',
      'b@y.al',
    ]);
    expect(stageFromContext(ctx({ stage: 'prod' })).monitoring.alarmEmails).toEqual([]);
    expect(() => stageFromContext(ctx({ stage: 'dev', alarmEmails: 'ops@x.al,nobody' }))).toThrow(
      '"nobody" is not an email address',
    );
  });
});

describe('firebaseOrigins', () => {
  it('allows the database host, its websocket siblings and the custom-token sign-in hosts', () => {
    expect(firebaseOrigins('https://p-default-rtdb.europe-west1.firebasedatabase.app')).toEqual([
      'https://p-default-rtdb.europe-west1.firebasedatabase.app',
      'wss://p-default-rtdb.europe-west1.firebasedatabase.app',
      'wss://*.europe-west1.firebasedatabase.app',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
    ]);
    expect(firebaseOrigins('https://p.firebaseio.com')).toContain('wss://*.firebaseio.com');
  });
});
