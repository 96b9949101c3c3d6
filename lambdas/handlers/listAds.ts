/**
 * GET /ads?limit=&view=: the live Sponsored runs relevant to the caller (docs/sponsored-runs.md), at most `limit`
 * (the strip asks AD_STRIP_SIZE): to a client, runs for the services of its open requests in its town, then the
 * rest of its town, then the country, each tier rotated fairly and each business once (lambdas/domain/adStrip.ts); to
 * a business, one of its own live runs; to an account without a profile yet, the country. Each run answered to a
 * client counts one impression for its page view (`view`: counted once however often the same view asks), added up
 * in the process and written once a minute (lambdas/data/adFigures.ts). The list's contract stays (`_id`, `image`, `businessId`,
 * with the business's name, rating and badge); it has no next page.
 */
import { defineHandler } from '../api/http';
import { pageReply } from '../api/paging';
import { nowIso } from '../lib/clock';
import { listAdsQuery } from '../../common/schemas/ads';
import { getAccount } from '../data/accounts';
import { clientStripContext } from '../data/sponsoredStrip';
import { clientStrip, ownStrip } from '../domain/sponsoredStrip';
import { countImpressions, flushAdCountsIfDue } from '../data/adFigures';
import { toStripAdDto } from '../domain/ads';

export const handler = defineHandler('listAds', {
  query: listAdsQuery,
  run: async ({ caller, query }) => {
    // A next page of the former paged list: there is none.
    if (query.cursor) return pageReply([]);
    const now = nowIso();
    const account = await getAccount(caller.sub);
    const own = account?.role === 'business';
    const runs = own
      ? await ownStrip(account.id, now, query.limit)
      : await clientStrip(
          account?.role === 'client' ? await clientStripContext(account.id, now) : { services: [] },
          now,
          query.limit,
        );
    if (!own && runs.length)
      countImpressions(
        runs.map((r) => r._id),
        query.view,
        now,
      );
    await flushAdCountsIfDue();
    return pageReply(runs.map(toStripAdDto));
  },
});
