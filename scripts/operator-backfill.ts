/**
 * Fills the operator's figures (docs/operator-figures.md) again from the records, when their items were lost: every
 * account of the user pool (ListUsers, then its `ACCOUNT#{sub}` lookup) is read with Queries and GetItems only, never
 * a Scan, and what its records say happened is handed to the same functions the stream uses
 * (lambdas/notify/operatorFigures.ts):
 *   a client: its profile (a sign-up), its requests (GSI1 `USERPOSTS#{userId}`), each request's offers (GSI1
 *   `POSTOFFERS#{postId}`: offers, the first offer, an acceptance, who took each negotiation step) and finished job
 *   (GetItem: its stars, the business's reply), its chat rooms (GSI2 `UROOMS#{sub}`: a room opened, its last message);
 *   a business: its profile (a sign-up), its ads (GSI2 `BUSINESSADS#{id}`), its payments (GSI1 `TXNS#{sub}`: runs
 *   and plan payments sold, refunds) and its plan events (`BUSINESS#{id}` / `PLANEVENT#...`: subscriptions started,
 *   moved to another plan, ended; renewals failed).
 * Every count has its guard (a request, an offer, an account active in a week...), so running it again, after an
 * interruption, or while the stream keeps the figures, counts nothing twice. What the records no longer show is not
 * counted: offers deleted, acceptances cancelled, a room's earlier messages (only its last one is kept on it).
 *
 *   npm run operator:backfill -- --local                                   the running `npm start` stack
 *   npm run operator:backfill -- --table <TableName> --user-pool <PoolId> [--region eu-central-1]
 */
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { poolScriptTarget, poolSubs } from './localTable';
import { getAccount } from '../lambdas/data/accounts';
import { getBusinessById, getUserById } from '../lambdas/data/users';
import { listPostsOfUser } from '../lambdas/data/posts';
import { listOffersOfPost } from '../lambdas/data/offers';
import { getFinishedJobOfPost } from '../lambdas/data/finishedJobs';
import { listRoomsOfClient } from '../lambdas/data/rooms';
import { listAdsOfBusiness } from '../lambdas/data/ads';
import { listTransactionsOfBusiness } from '../lambdas/data/transactions';
import { allItemsOf } from '../lambdas/data/query';
import { keys } from '../lambdas/model/keys';
import type { Page, PageRequest } from '../lambdas/data/query';
import type { StoredOffer } from '../lambdas/model/offers';
import {
  countHappening,
  paymentRecordHappenings,
  planHappening,
  type Happening,
} from '../lambdas/notify/operatorFigures';

export interface OperatorBackfillResult {
  /** Accounts read. */
  accounts: number;
  /** Things found that move the figures (requests, offers, sign-ups, actions...). */
  happenings: number;
  /** Counts added now (0 for what was counted already). */
  counted: number;
}

async function* everyItem<T>(list: (page: PageRequest) => Promise<Page<T>>): AsyncGenerator<T> {
  let cursor: string | undefined;
  do {
    const page = await list({ limit: 100, cursor });
    yield* page.items;
    cursor = page.nextCursor;
  } while (cursor);
}

/** What an offer's record says happened: the offer, its acceptance, and who took each step of its negotiation. */
function offerHappenings(offer: StoredOffer, clientId: string): Happening[] {
  const out: Happening[] = [{ kind: 'offer', offer }];
  if (offer.status === 'accepted' || offer.status === 'finished') out.push({ kind: 'accepted', postId: offer.postId });
  for (const step of offer.history) {
    out.push(
      step.by === 'business'
        ? { kind: 'active', role: 'business', id: offer.businessId, at: step.at }
        : { kind: 'active', role: 'client', id: clientId, at: step.at },
    );
  }
  return out;
}

/** Everything one client's records say happened. */
async function* clientHappenings(sub: string, userId: string): AsyncGenerator<Happening> {
  const user = await getUserById(userId);
  if (user) {
    yield { kind: 'signup', role: 'client', profile: user };
    yield { kind: 'active', role: 'client', id: user._id, at: user.createdAt };
  }
  for await (const post of everyItem((p) => listPostsOfUser(userId, p))) {
    yield { kind: 'request', post };
    yield { kind: 'active', role: 'client', id: userId, at: post.createdAt };
    for await (const offer of everyItem((p) => listOffersOfPost(post._id, p))) yield* offerHappenings(offer, userId);
    const job = await getFinishedJobOfPost(post._id);
    if (job) {
      yield { kind: 'finished', job };
      yield { kind: 'active', role: 'client', id: userId, at: job.createdAt };
      const replied = job.reply?.editedAt ?? job.reply?.createdAt;
      if (replied) yield { kind: 'active', role: 'business', id: job.businessId, at: replied };
    }
  }
  for await (const room of everyItem((p) => listRoomsOfClient(sub, p))) {
    yield { kind: 'room', room };
    if (room.lastMessageTime && room.lastSenderId === room.clientCognitoId)
      yield { kind: 'active', role: 'client', id: room.clientId, at: room.lastMessageTime };
    else if (room.lastMessageTime && room.lastSenderId === room.businessCognitoId)
      yield { kind: 'active', role: 'business', id: room.businessId, at: room.lastMessageTime };
  }
}

/** Everything one business's own records say happened (its offers are found through the requests they answer). */
async function* businessHappenings(sub: string, businessId: string): AsyncGenerator<Happening> {
  const business = await getBusinessById(businessId);
  if (!business) return;
  yield { kind: 'signup', role: 'business', profile: business };
  yield { kind: 'active', role: 'business', id: business._id, at: business.createdAt };
  for await (const ad of everyItem((p) => listAdsOfBusiness(businessId, p)))
    yield { kind: 'active', role: 'business', id: businessId, at: ad.createdAt };
  for await (const payment of everyItem((p) => listTransactionsOfBusiness(sub, p)))
    yield* paymentRecordHappenings(payment);
  for (const event of await allItemsOf({ partition: keys.business(businessId).pk, skPrefix: 'PLANEVENT#' })) {
    const h = planHappening(event);
    if (h) yield h;
  }
}

/** Backfills the figures over the table the environment names, from the accounts of `userPoolId`. */
export async function backfillOperatorFigures(opts: {
  userPoolId: string;
  pool: CognitoIdentityProviderClient;
  now?: Date;
}): Promise<OperatorBackfillResult> {
  const result: OperatorBackfillResult = { accounts: 0, happenings: 0, counted: 0 };
  for await (const sub of poolSubs(opts.pool, opts.userPoolId)) {
    const account = await getAccount(sub);
    if (!account) continue;
    result.accounts++;
    const happenings =
      account.role === 'client' ? clientHappenings(sub, account.id) : businessHappenings(sub, account.id);
    for await (const h of happenings) {
      result.happenings++;
      result.counted += await countHappening(h, opts.now);
    }
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { userPoolId, pool } = poolScriptTarget('operator:backfill');
  backfillOperatorFigures({ userPoolId, pool }).then(
    (r) =>
      console.log(
        `Read ${r.accounts} accounts: ${r.happenings} things that move the figures, ${r.counted} counts added (the rest were counted already).`,
      ),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
