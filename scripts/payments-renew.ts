/**
 * `npm run payments:renew -- --business <email> [--fail]`: a month passes for a business's subscription on the
 * running `npm start` stack: the local payment provider renews it (a new monthly payment and its receipt) or, with
 * --fail, the renewal's card is declined (the subscription is past due while the provider retries). A subscription
 * whose cancellation was scheduled ends instead. The provider's webhooks reach the API as Paddle's would.
 */
import { parseArgs } from 'node:util';
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { pointAtLocalTable } from './localTable';

const { values } = parseArgs({ options: { business: { type: 'string' }, fail: { type: 'boolean' } } });
if (!values.business) {
  console.error('Usage: npm run payments:renew -- --business <email> [--fail]');
  process.exit(2);
}
const info = pointAtLocalTable();
process.env.LOG_LEVEL = 'silent';
// The business of that email: its user-pool account's sub, then its account lookup and record.
const pool = new CognitoIdentityProviderClient({
  endpoint: info.authEndpoint,
  region: info.region,
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
const user = await pool
  .send(new AdminGetUserCommand({ UserPoolId: info.userPoolId, Username: values.business }))
  .catch(() => undefined);
const sub = user?.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
const { getAccount } = await import('../lambdas/data/accounts');
const { getBusinessById } = await import('../lambdas/data/users');
const account = sub ? await getAccount(sub) : undefined;
const business = account?.role === 'business' ? await getBusinessById(account.id) : undefined;
if (!business?.subscriptionId) {
  console.error(`${values.business}: no business with a subscription (subscribe to Standard or Premium first).`);
  process.exit(1);
}
const res = await fetch(`${info.payments.url}/admin/subscriptions/${business.subscriptionId}/renew`, {
  method: 'POST',
  headers: { authorization: `Bearer ${info.payments.apiKey}`, 'content-type': 'application/json' },
  body: JSON.stringify({ fail: values.fail === true }),
});
const answer = (await res.json()) as { data?: { status?: string }; error?: { detail?: string } };
if (!res.ok) {
  console.error(`The local payment provider refused: ${answer.error?.detail ?? res.status}`);
  process.exit(1);
}
console.log(
  `${business.businessName}: subscription ${business.subscriptionId} is now ${answer.data?.status} (${values.fail ? 'the renewal was declined' : 'renewed'}).`,
);
