/**
 * The runs a Sponsored strip shows (GET /ads, the public service pages): docs/sponsored-runs.md "Shown where it
 * matters" and docs/access-patterns.md "Sponsored runs".
 *
 * - A client: the town of its newest open request (else its own town). One Query of that town's live entries gives
 *   two tiers: runs for the services of its open requests in that town, then the town's other runs; only when they
 *   fill fewer than the strip's places (a business counts once), one Query of every live run (the country) for the
 *   rest. A client with no town: the country.
 * - A business: one of its own live runs (no competitor's), never counted as impressions.
 * - A public service page: that service's live runs (one Query); a service x town page: the town's runs of that
 *   service (one Query, `begins_with`).
 *
 * A run of a business hidden by moderation or of a suspended account is left out (its clock runs on); so is one
 * past its end that the job has not ended yet. The client's open requests and town are kept per process for
 * STRIP_CONTEXT_FRESH_MS (one GetItem and one Query a minute per client and process, not per strip).
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { AD_STRIP_SIZE } from '../../common/adRuns';
import { ddb, table } from './client';
import { keys } from './keys';
import { INDEXES } from './schema';
import { liveAdsOfBusiness } from './ads';
import { liveEntries, showable, type LiveRunEntry } from './liveRuns';
import { fillStrip, type Tier } from '../domain/adStrip';
import { isShowing } from '../domain/ads';

/** How old a process's copy of a client's open requests and town may be. */
export const STRIP_CONTEXT_FRESH_MS = 60_000;
const CONTEXTS_KEPT = 10_000;

export interface StripContext {
  /** The town the strip is for (its newest open request's, else the client's own). */
  town?: string;
  /** The services of the client's open requests in that town. */
  services: string[];
}

const contexts = new Map<string, { context: StripContext; readAt: number }>();

/** A client's strip context: from its record's town and its newest open requests (kept STRIP_CONTEXT_FRESH_MS). */
export async function clientStripContext(userId: string, nowIso: string): Promise<StripContext> {
  const cacheKey = `${table()}/${userId}`;
  const kept = contexts.get(cacheKey);
  if (kept && Date.now() - kept.readAt < STRIP_CONTEXT_FRESH_MS) return kept.context;
  const readAt = Date.now();
  const [user, posts] = await Promise.all([
    ddb().send(
      new GetCommand({
        TableName: table(),
        Key: keys.user(userId),
        ProjectionExpression: '#loc',
        ExpressionAttributeNames: { '#loc': 'location' },
      }),
    ),
    ddb().send(
      new QueryCommand({
        TableName: table(),
        IndexName: INDEXES.GSI1.name,
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.userPostsPartition(userId) },
        ProjectionExpression: '#status, category, #loc, expiresAt, #hidden',
        ExpressionAttributeNames: { '#status': 'status', '#loc': 'location', '#hidden': 'hidden' },
        ScanIndexForward: false,
        Limit: 20,
      }),
    ),
  ]);
  const open = (posts.Items ?? []).filter((p) => p.status === 'open' && !p.hidden && String(p.expiresAt) > nowIso);
  const town = (open[0]?.location as string | undefined) ?? (user.Item?.location as string | undefined);
  const services = [
    ...new Set(open.filter((p) => p.location === town).flatMap((p) => (p.category as string[] | undefined) ?? [])),
  ];
  const context: StripContext = { ...(town ? { town } : {}), services };
  contexts.delete(cacheKey);
  if (contexts.size >= CONTEXTS_KEPT) contexts.delete(contexts.keys().next().value!);
  contexts.set(cacheKey, { context, readAt });
  return context;
}

/** The strip of a client (tiers as in the file comment), at most `size` runs. */
export async function clientStrip(
  context: StripContext,
  nowIso: string,
  size = AD_STRIP_SIZE,
): Promise<LiveRunEntry[]> {
  const tiers: Tier<LiveRunEntry>[] = [];
  if (context.town) {
    const inTown = await showable(await liveEntries(keys.liveRunsInTown(context.town)), nowIso);
    const wanted = new Set(context.services);
    const matching = inTown.filter((e) => wanted.has(e.category));
    tiers.push(
      { key: `T#${context.town}|${[...wanted].sort().join(',')}`, runs: matching },
      {
        key: `T#${context.town}|rest|${[...wanted].sort().join(',')}`,
        runs: inTown.filter((e) => !wanted.has(e.category)),
      },
    );
    // A strip shows a business once: the town fills it when it has as many businesses as places.
    if (new Set(inTown.map((e) => e.businessId)).size >= size) return fillStrip(tiers, size);
  }
  tiers.push({ key: 'ALL', runs: await showable(await liveEntries(keys.liveRunsAll), nowIso) });
  return fillStrip(tiers, size);
}

/** A business's strip: one of its own live runs (a strip shows a business once), its runs taking the place in turn. */
export async function ownStrip(businessId: string, nowIso: string, size = AD_STRIP_SIZE): Promise<LiveRunEntry[]> {
  const runs = (await liveAdsOfBusiness(businessId))
    .filter((ad) => isShowing(ad, nowIso))
    .map((ad) => ({
      _id: ad._id,
      businessId: ad.businessId,
      image: ad.image,
      category: ad.category ?? '',
      towns: ad.towns ?? [],
      createdAt: ad.createdAt,
      endsAt: ad.endsAt!,
      ...(ad.business ? { business: ad.business } : {}),
    }));
  return fillStrip([{ key: `OWN#${businessId}`, runs }], size);
}
