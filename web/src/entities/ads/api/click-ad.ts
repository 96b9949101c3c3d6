/**
 * POST /ad/{id}/click {view}: a click on a Sponsored run, counted once per page view while the run is live. The
 * strip opens the business's profile whatever the answer: a lost count never stops the visitor.
 */
import type { AdClick } from '../../../../../common/types';
import { api } from '../../../lib/api';

export const clickAd = (adId: string, view: string) =>
  api.post<AdClick>(`/ad/${encodeURIComponent(adId)}/click`, { view });
