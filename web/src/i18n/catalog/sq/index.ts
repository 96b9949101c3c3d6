/** The Albanian catalogue (the default language): every area's texts, with the English catalogue's keys. */
import type { MessageId } from '../en';
import { common } from '../../../../../common/i18n/catalog/sq/common';
import { errors } from './errors';
import { services } from '../../../../../common/i18n/catalog/sq/services';
import { auth } from '../../../../../common/i18n/catalog/sq/auth';
import { posts } from './posts';
import { dashboard } from './dashboard';
import { postDetail } from './postDetail';
import { postView } from './postView';
import { profiles } from './profiles';
import { settings } from './settings';
import { subscriptions } from '../../../../../common/i18n/catalog/sq/subscriptions';
import { ads } from '../../../../../common/i18n/catalog/sq/ads';
import { chat } from './chat';
import { trust } from './trust';
import { notifications } from './notifications';
import { moderation } from './moderation';
import { reports } from './reports';
import { verification } from './verification';
import { priceGuide } from '../../../../../common/i18n/catalog/sq/priceGuide';
import { negotiation } from './negotiation';
import { pwa } from './pwa';
import { privacy } from './privacy';
import { payments } from '../../../../../common/i18n/catalog/sq/payments';
import { operator } from '../../../../../common/i18n/catalog/sq/operator';
import { ideas } from '../../../../../common/i18n/catalog/sq/ideas';

export const areas = {
  common,
  errors,
  services,
  auth,
  posts,
  dashboard,
  postDetail,
  postView,
  profiles,
  settings,
  subscriptions,
  ads,
  chat,
  trust,
  notifications,
  moderation,
  reports,
  verification,
  priceGuide,
  negotiation,
  pwa,
  privacy,
  payments,
  operator,
  ideas,
};

export const sq: Readonly<Record<MessageId, string>> = {
  ...common,
  ...errors,
  ...services,
  ...auth,
  ...posts,
  ...dashboard,
  ...postDetail,
  ...postView,
  ...profiles,
  ...settings,
  ...subscriptions,
  ...ads,
  ...chat,
  ...trust,
  ...notifications,
  ...moderation,
  ...reports,
  ...verification,
  ...priceGuide,
  ...negotiation,
  ...pwa,
  ...privacy,
  ...payments,
  ...operator,
  ...ideas,
};
