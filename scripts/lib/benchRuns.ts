/**
 * Clients and Sponsored runs for the benchmarks (scripts/bench-lists.ts, scripts/bench-ad-writes.ts), on a throw-away stack
 * started in the same process: businesses created through their handler, live runs moved live by the same
 * transaction a completed payment makes (lambdas/data/ads.ts startRunItems), and ended runs written directly in
 * batches (as many as a bench needs, fast: the strip never reads them, which is what the bench shows).
 */
import { randomUUID } from 'node:crypto';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { act, ensureCognitoUser } from '../../bin/local/seed';
import type { StackInfo } from '../../bin/local/stack';
import { adPut, changeRun, startRunItems } from '../../lambdas/data/ads';
import { batchWrite } from '../../lambdas/data/batchWrites';
import { figureAttribute } from '../../lambdas/data/adFigures';
import { keys } from '../../lambdas/model/keys';
import { getBusinessById } from '../../lambdas/data/users';
import { transact } from '../../lambdas/data/transact';
import { newAd, type AdTargeting } from '../../lambdas/domain/ads';
import { type StoredAd } from '../../lambdas/model/ads';
import { runEnd } from '../../common/adRuns';
import { AD_PRICE } from '../../common/constants';
import { chargeCurrency } from '../../lambdas/payments/provider';
import type { StoredBusiness } from '../../lambdas/model/users';

/** A client of the stack's local pool with its record, signed in: its claims (for `act`), record and ID token. */
export async function benchClient(info: StackInfo, email: string) {
  const account = { role: 'client' as const, email, password: 'Bench#2026x', name: 'Bench Client' };
  const sub = await ensureCognitoUser(info, account);
  const claims = { sub, nickname: 'client', email };
  const user = await act<{ _id: string }>('createUser', claims, {
    body: { email, cognitoId: sub, username: account.name },
  });
  const cognito = new CognitoIdentityProviderClient({
    endpoint: info.authEndpoint,
    region: info.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const auth = await cognito.send(
    new InitiateAuthCommand({
      ClientId: info.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: account.password },
    }),
  );
  cognito.destroy();
  return { claims, user, token: auth.AuthenticationResult!.IdToken! };
}

/** A business offering `categories`, created through its handler (no sign-in needed: the handler is called directly). */
export async function benchBusiness(name: string, town: string, categories: string[]): Promise<StoredBusiness> {
  const sub = randomUUID();
  const email = `${sub}@bench.test`;
  const created = await act<{ _id: string }>(
    'createBusiness',
    { sub, nickname: 'business', email },
    {
      body: { email, cognitoId: sub, businessName: name, location: town, categories },
    },
  );
  return (await getBusinessById(created._id, { consistent: true }))!;
}

/** A run of `business` for `targeting`, paid and live from now (the image key is not fetched by the API). */
export async function liveRun(business: StoredBusiness, targeting: AdTargeting): Promise<StoredAd> {
  const ad = newAd(
    business,
    `uploads/${business.cognitoId}/bench.png`,
    { id: `bench:${randomUUID()}`, status: 'Pending' },
    targeting,
    { price: AD_PRICE, currency: chargeCurrency() },
  );
  await transact(adPut(ad));
  if (!(await changeRun(startRunItems(ad, new Date().toISOString(), 'Completed'))))
    throw new Error(`Run ${ad._id} did not go live`);
  return ad;
}

/**
 * `count` ended runs of `business` for `targeting` (each with its figures item), written directly in batches of 25,
 * as the job leaves a run after its days.
 */
export async function endedRuns(business: StoredBusiness, targeting: AdTargeting, count: number): Promise<void> {
  const requests: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const startsAt = new Date(Date.now() - (30 + (i % 300)) * 24 * 3600_000).toISOString();
    const endsAt = runEnd(startsAt);
    const ad: StoredAd = {
      ...newAd(
        business,
        `uploads/${business.cognitoId}/bench.png`,
        { id: `bench:${randomUUID()}`, status: 'Completed' },
        targeting,
        {
          price: AD_PRICE,
          currency: chargeCurrency(),
        },
      ),
      createdAt: startsAt,
      state: 'ended',
      startsAt,
      endsAt,
      endedAt: endsAt,
      endReason: 'finished',
    };
    requests.push(
      {
        PutRequest: {
          Item: {
            ...keys.ad(ad._id),
            gsi2pk: keys.businessAdsPartition(ad.businessId),
            gsi2sk: `${ad.createdAt}#${ad._id}`,
            ...ad,
          },
        },
      },
      { PutRequest: { Item: { ...keys.adFigures(ad._id), [figureAttribute('impressions', startsAt)]: 100 } } },
    );
  }
  // Puts are idempotent: a batch whose request timed out on a loaded machine is written again.
  for (let i = 0; i < requests.length; i += 50) {
    for (let attempt = 1; ; attempt++) {
      try {
        await batchWrite(requests.slice(i, i + 50));
        break;
      } catch (err) {
        if ((err as { name?: string }).name !== 'TimeoutError' || attempt >= 5) throw err;
      }
    }
  }
}
