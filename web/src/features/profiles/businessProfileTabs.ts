/** What the business profile's tabs share. */
import type { OfferStatus } from '../../../../common/constants';
import type { MessageId } from '../../i18n/catalog/en';

export type Tab = 'portfolio' | 'ads' | 'offers';

export type CategoryNames = (ids: readonly string[] | undefined) => string[];

export const OFFER_STATUS: Record<OfferStatus, MessageId> = {
  pending: 'profiles.offer.status.pending',
  accepted: 'profiles.offer.status.accepted',
  declined: 'profiles.offer.status.declined',
  finished: 'profiles.offer.status.finished',
};
