/**
 * The runs a Sponsored strip shows (GET /ads, the public service pages): docs/sponsored-runs.md "Shown where it
 * matters". The candidates are read by lambdas/data/sponsoredStrip.ts and liveRuns.ts; the places are filled tier by
 * tier with fair rotation (./adStrip.ts fillStrip).
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
 * past its end that the job has not ended yet (lambdas/data/liveRuns.ts showable).
 */
import { AD_STRIP_SIZE } from '../../common/adRuns';
import { keys } from '../model/keys';
import { isShowing } from '../model/ads';
import { liveAdsOfBusiness } from '../data/ads';
import { liveEntries, showable, type LiveRunEntry } from '../data/liveRuns';
import type { StripContext } from '../data/sponsoredStrip';
import { fillStrip, type Tier } from './adStrip';

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

/** A public page's block: a service's live runs, in one town or anywhere. */
export async function serviceStrip(
  service: string,
  town: string | undefined,
  nowIso: string,
  size = AD_STRIP_SIZE,
): Promise<LiveRunEntry[]> {
  const entries = town
    ? await liveEntries(keys.liveRunsInTown(town), service)
    : await liveEntries(keys.liveRunsOfService(service));
  return fillStrip(
    [{ key: town ? `T#${town}|${service}` : `C#${service}`, runs: await showable(entries, nowIso) }],
    size,
  );
}
