/**
 * Closing an account (docs/privacy.md, "Delete my account"). The request (POST /account/deletion) checks the
 * password, writes the closure (lambdas/data/closures.ts: from then on the API refuses the account's tokens, its
 * profile and public page answer 410 and nobody is told anything about it), signs it out everywhere and then ends,
 * within half its time limit, what the account had running; the erasure job (lambdas/jobs/eraseClosedAccounts.ts)
 * finishes whatever a request left, on its next run. Every step can run again and changes nothing the second time:
 *
 *  - every session signed out (refresh tokens revoked);
 *  - a client's open requests closed (their pending offers declined: the businesses are told the request closed);
 *  - a business's pending offers withdrawn, its ads stopped, its search entries and public lists removed, a pending
 *    verification request withdrawn, and its billing closed (closeBilling);
 *  - reports about the person's requests, business, reviews and chat messages closed (dismissed with the reason,
 *    keeping nothing of the person): moderators see nothing of a deleted account.
 *
 * Cancelling (the person signs in again within ERASURE_DELAY_DAYS) takes the closure and the mark away and puts back
 * what can come back by itself: the business's search entries and public page. What closing ended stays ended (the
 * requests stay closed and can be reopened once, offers and ads are not brought back, the plan stays Basic).
 */
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { PlanId } from '../../common/constants';
import { table } from '../data/client';
import { keys, stripKeys } from '../model/keys';
import { allItemsOf, getRecord } from '../data/query';
import { INDEXES } from '../model/schema';
import { conditionalWrite, transact, TransactionRefused, transactWrite } from '../data/transact';
import { getSubscriptionRecord, subscriptionUpdate } from '../data/transactions';
import { paymentProvider } from '../payments/provider';
import { PaymentProviderError, type ProviderSubscription } from '../payments/port';
import { deleteItems } from '../data/batchWrites';
import { isStillClosing, markClosingDone, removeClosure } from '../data/closures';
import type { StoredClosure } from '../model/closures';
import { closePost } from '../data/postLife';
import { deleteOffer } from '../data/offers';
import { deleteAdOf } from '../data/ads';
import { setPlanItems } from '../data/subscriptions';
import { planEventPut } from '../data/plans';
import type { StoredPlanEvent } from '../model/plans';
import { publicListWrites } from '../data/publicPages';
import { tokenPuts } from '../data/businesses';
import { closureWritten } from '../data/suspensions';
import type { StoredBusiness, StoredUser } from '../model/users';
import type { StoredPost } from '../model/posts';
import type { StoredOffer } from '../model/offers';
import type { StoredAd } from '../model/ads';
import type { StoredFinishedJob } from '../model/reviews';
import type { ServiceAccount } from '../chat/serviceAccount';
import { chatMessageTargetId } from '../model/moderation';
import { indexTokens } from '../model/search';
import { signOutEverywhere } from '../lib/userPool';
import type { Logger } from '../lib/log';
import { closeEntryOfClosedAccount, entriesAbout, type ReportableItem } from './reports';
import { messagesOf, roomsOfMember } from './chat';
import type { Progress } from './progress';
import { ideaKeys } from '../model/ideas';

/** The plan a closed business is left on: nothing is billed on it. */
const FREE_PLAN: PlanId = 'basic';

export const profileOf = async (closure: Pick<StoredClosure, 'role' | 'profileId'>) =>
  closure.role === 'business'
    ? getRecord<StoredBusiness>(keys.business(closure.profileId), { consistent: true })
    : getRecord<StoredUser>(keys.user(closure.profileId), { consistent: true });

/** A client's requests, as stored (their list: GSI1 `USERPOSTS#{userId}`). */
export async function postsOf(userId: string): Promise<StoredPost[]> {
  const items = await allItemsOf({ index: INDEXES.GSI1.name, partition: keys.userPostsPartition(userId) });
  return items.map((i) => stripKeys(i) as unknown as StoredPost);
}

/** A business's offers, as stored (GSI2 `BUSINESSOFFERS#{id}`). */
export async function offersOf(businessId: string): Promise<StoredOffer[]> {
  const items = await allItemsOf({ index: INDEXES.GSI2.name, partition: keys.businessOffersPartition(businessId) });
  return items.map((i) => stripKeys(i) as unknown as StoredOffer);
}

/** A business's ads, as stored (GSI2 `BUSINESSADS#{id}`). */
export async function adsOf(businessId: string): Promise<StoredAd[]> {
  const items = await allItemsOf({ index: INDEXES.GSI2.name, partition: keys.businessAdsPartition(businessId) });
  return items.map((i) => stripKeys(i) as unknown as StoredAd);
}

/** The reviews a client wrote: one per finished request of theirs. */
export async function reviewsWrittenBy(posts: StoredPost[]): Promise<StoredFinishedJob[]> {
  const found = await Promise.all(
    posts
      .filter((p) => p.status === 'finished')
      .map((p) => getRecord<StoredFinishedJob>(keys.finishedJob(p._id), { consistent: true })),
  );
  return found.filter((j): j is StoredFinishedJob => !!j);
}

/**
 * The person's items that may have been reported: a client's requests and the reviews they wrote, a business's
 * profile, and (given the chat database) the chat messages they sent.
 */
export async function reportableItemsOf(
  closure: StoredClosure,
  chat: ServiceAccount | undefined,
): Promise<ReportableItem[]> {
  const items: ReportableItem[] = [];
  if (closure.role === 'client') {
    const posts = await postsOf(closure.profileId);
    items.push(...posts.map((p) => ({ kind: 'post' as const, targetId: p._id })));
    items.push(...(await reviewsWrittenBy(posts)).map((j) => ({ kind: 'review' as const, targetId: j._id })));
  } else {
    items.push({ kind: 'business', targetId: closure.profileId });
    // Its ideas (a report of one names the business as its owner).
    for (const idea of await allItemsOf({
      index: INDEXES.GSI1.name,
      partition: ideaKeys.businessIdeasPartition(closure.profileId),
    }))
      items.push({ kind: 'idea', targetId: String(idea._id) });
  }
  if (chat)
    for (const room of await roomsOfMember({ role: closure.role, sub: closure.sub }))
      for (const m of await messagesOf(chat, room))
        if (m.senderId === closure.sub)
          items.push({ kind: 'chatMessage', targetId: chatMessageTargetId(room._id, m.id) });
  return items;
}

/**
 * Billing of a closed business ends: a subscription still running at the payment provider is cancelled there through
 * the payment port (at the end of the paid period: nothing more is charged) and the cancellation kept on our
 * subscription record; the plan goes back to Basic at once, so no benefit outlives the closing. This is the one
 * place the closing of an account stops what is billed. Run again (a retried closing), it finds the cancellation
 * kept and asks the provider nothing.
 */
export async function closeBilling(business: StoredBusiness, log: Logger): Promise<void> {
  const subscription = business.subscriptionId ? await getSubscriptionRecord(business.subscriptionId) : undefined;
  if (subscription && subscription.status !== 'canceled' && !subscription.cancelAt) {
    const provider = await paymentProvider();
    let canceled: ProviderSubscription;
    try {
      canceled = await provider.cancelSubscription(subscription.subscriptionId);
    } catch (err) {
      // Refused because it ended or was cancelled meanwhile (a webhook not arrived yet): its state says so.
      if (!(err instanceof PaymentProviderError)) throw err;
      canceled = await provider.getSubscription(subscription.subscriptionId);
      if (canceled.status !== 'canceled' && !canceled.cancelAt) throw err;
    }
    const cancelAt = canceled.cancelAt ?? canceled.currentPeriodEnd;
    await transact([
      subscriptionUpdate({
        subscriptionId: subscription.subscriptionId,
        status: canceled.status,
        ...(cancelAt ? { cancelAt } : {}),
        updatedAt: canceled.updatedAt,
      }),
    ]).catch((err) => {
      // A newer state of the subscription is kept already (its webhook came first).
      if (!(err instanceof TransactionRefused)) throw err;
    });
    log.info('Subscription cancelled at the payment provider: the account was closed', {
      subscriptionId: subscription.subscriptionId,
      ...(cancelAt ? { cancelAt } : {}),
    });
  }
  const plan = business.plan ?? FREE_PLAN;
  if (plan === FREE_PLAN) return;
  // The plan ends with the account: its event says so (the operators' subscription counts subtract it; a closed
  // account is told nothing).
  const ended: StoredPlanEvent = {
    kind: 'ended',
    businessId: business._id,
    businessSub: business.cognitoId,
    plan: FREE_PLAN,
    fromPlan: plan,
    ...(business.subscriptionId ? { subscriptionId: business.subscriptionId } : {}),
    at: new Date().toISOString(),
    reason: 'canceled',
  };
  await transactWrite([
    ...setPlanItems(business._id, FREE_PLAN, plan),
    planEventPut(ended, `closed:${business.subscriptionId ?? business._id}`),
  ]);
}

/**
 * A business's search entries and public lists (its public page's sitemap and directory entries) removed; answers
 * whether the closure is still in force. A deletion cancelled meanwhile (the job read the closure before) may have
 * put them back before this removed them: they are then put back again, so the last word is the cancellation's.
 */
async function hideBusiness(closure: StoredClosure, business: StoredBusiness, progress: Progress): Promise<boolean> {
  const tokens = await allItemsOf({
    partition: keys.business(business._id).pk,
    skPrefix: 'NAMETOKEN#',
    consistent: true,
  });
  if (tokens.length) {
    await progress.step();
    await deleteItems(tokens.map((t) => ({ pk: String(t.pk), sk: String(t.sk) })));
  }
  await progress.step();
  await transact(publicListWrites(business, { ...business, publicPage: false }));
  if (await isStillClosing(closure)) return true;
  await showBusinessAgain(business._id);
  return false;
}

/** A kept business's search entries and public lists, put back (nothing when it is closed). */
async function showBusinessAgain(businessId: string): Promise<void> {
  const business = await getRecord<StoredBusiness>(keys.business(businessId), { consistent: true });
  if (!business || business.closed) return;
  await transact([
    ...tokenPuts(business, business.nameTokens ?? indexTokens(business.businessName)),
    ...publicListWrites(undefined, business),
  ]);
}

async function endClientActivity(closure: StoredClosure, log: Logger, progress: Progress) {
  const now = new Date().toISOString();
  for (const post of await postsOf(closure.profileId)) {
    if (post.status !== 'open') continue;
    await progress.step();
    try {
      await closePost(post, { reason: 'client', ownerUserId: closure.profileId }, now);
    } catch (err) {
      // Accepted or closed meanwhile: nothing open to withdraw.
      if ((err as { status?: number }).status === 409) continue;
      throw err;
    }
  }
}

async function endBusinessActivity(closure: StoredClosure, log: Logger, progress: Progress) {
  const business = await getRecord<StoredBusiness>(keys.business(closure.profileId), { consistent: true });
  if (!business) return;
  if (!(await hideBusiness(closure, business, progress))) return;
  for (const offer of await offersOf(business._id)) {
    if (offer.status !== 'pending') continue;
    await progress.step();
    try {
      await deleteOffer(offer, undefined);
    } catch (err) {
      // Accepted or declined meanwhile: not pending any more.
      if ((err as { status?: number }).status !== 409) throw err;
    }
  }
  for (const ad of await adsOf(business._id)) {
    await progress.step();
    await deleteAdOf(ad, business._id);
  }
  await progress.step();
  await conditionalWrite(
    new DeleteCommand({
      TableName: table(),
      Key: keys.verification(business._id),
      ConditionExpression: '#s = :pending',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':pending': 'pending' },
    }),
  );
  await progress.step();
  await closeBilling(business, log);
}

/**
 * Everything closing an account does after its closure is written (see the file comment). `chat`: the chat
 * database's service account, to close the reports of the person's chat messages too (the job has it; a request
 * leaves them to the job). Marks the closure done when nothing is left.
 */
export async function finishClosing(
  closure: StoredClosure,
  opts: { chat?: ServiceAccount; log: Logger; progress: Progress },
): Promise<void> {
  const { progress } = opts;
  // Cancelled since it was read (the job's list): nothing to end.
  if (!(await isStillClosing(closure))) return;
  await progress.step();
  await signOutEverywhere(closure.sub);
  if (closure.role === 'client') await endClientActivity(closure, opts.log, progress);
  else await endBusinessActivity(closure, opts.log, progress);
  const at = new Date().toISOString();
  for (const entry of await entriesAbout(await reportableItemsOf(closure, opts.chat))) {
    await progress.step();
    await closeEntryOfClosedAccount(entry, at);
  }
  if (opts.chat) {
    await progress.step();
    await markClosingDone(closure, at);
  }
}

/** Cancels the deletion: the closure goes, and a business's search entries and public page come back. */
export async function reopenAccount(closure: StoredClosure): Promise<void> {
  await removeClosure(closure);
  closureWritten();
  if (closure.role === 'business') await showBusinessAgain(closure.profileId);
}
