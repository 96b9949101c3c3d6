import type { services as en } from '../en/services';
import type { Translation } from '../types';

export const services: Translation<typeof en> = {
  'services.category.interior-design': 'Dizajn interieri',
  'services.category.decor': 'Dekor',
  'services.category.furniture': 'Mobilieri',
  'services.category.outdoor': 'Ambiente të jashtme',
  'services.category.dural': 'Duralumin',
  'services.category.flooring': 'Dysheme',
  'services.category.painting': 'Lyerje',
  'services.category.lights': 'Ndriçim',
  'services.category.bathroom': 'Banjo',
  'services.category.unknown': 'Shërbim i panjohur',
  'services.plan.basic': 'Bazë',
  'services.plan.standard': 'Standard',
  'services.plan.premium': 'Premium',
};
