/**
 * "How businesses are ordered", written on the public directory pages: by standing (rating, reviews, finished jobs),
 * and only at equal standing by plan (Premium, then Standard, then Basic: common/plans.ts rankingTier, the order
 * lambdas/site/load.ts byStanding sorts by). The words are the web app's (its subscriptions catalogue), so the Subscriptions
 * page and these pages say the same.
 */
import type { PublicLanguage } from '../../common/publicPages';
import { subscriptions as subscriptionsEn } from '../../common/i18n/catalog/en/subscriptions';
import { subscriptions as subscriptionsSq } from '../../common/i18n/catalog/sq/subscriptions';

const text = (lang: PublicLanguage, id: 'subscriptions.ranking.title' | 'subscriptions.ranking.text') =>
  (lang === 'sq' ? subscriptionsSq : subscriptionsEn)[id];

export function DirectoryOrderNote({ lang }: { lang: PublicLanguage }) {
  return (
    <section className="section directory-order" aria-labelledby="directory-order">
      <h2 id="directory-order">{text(lang, 'subscriptions.ranking.title')}</h2>
      <p className="muted">{text(lang, 'subscriptions.ranking.text')}</p>
    </section>
  );
}
