/** The English catalogue: every area's texts. The message ids of the app are its keys. */
import { common } from '../../../../../common/i18n/catalog/en/common';
import { errors } from './errors';
import { services } from '../../../../../common/i18n/catalog/en/services';
import { auth } from '../../../../../common/i18n/catalog/en/auth';
import { posts } from './posts';
import { dashboard } from './dashboard';
import { postDetail } from './postDetail';
import { postView } from './postView';
import { profiles } from './profiles';
import { settings } from './settings';
import { subscriptions } from '../../../../../common/i18n/catalog/en/subscriptions';
import { ads } from '../../../../../common/i18n/catalog/en/ads';
import { chat } from './chat';
import { trust } from './trust';
import { notifications } from './notifications';
import { moderation } from './moderation';
import { reports } from './reports';
import { verification } from './verification';
import { priceGuide } from '../../../../../common/i18n/catalog/en/priceGuide';
import { negotiation } from './negotiation';
import { pwa } from './pwa';
import { privacy } from './privacy';
import { payments } from '../../../../../common/i18n/catalog/en/payments';
import { operator } from '../../../../../common/i18n/catalog/en/operator';
import { ideas } from '../../../../../common/i18n/catalog/en/ideas';

/** Each area's texts, by area name (every key of an area starts with its name and a dot). */
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

export const en = {
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

export type MessageId = keyof typeof en;
