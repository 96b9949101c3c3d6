import type { priceGuide as en } from '../en/priceGuide';
import type { Translation } from '../types';

export const priceGuide: Translation<typeof en> = {
  'priceGuide.range':
    'Shumica e ofertave të pranuara për {service} në {town}: {low} deri në {high} (mediana {median}), nga {count, plural, one {# ofertë} other {# oferta}}',
  'priceGuide.rangeCountry':
    'Shumica e ofertave të pranuara për {service} në gjithë Shqipërinë: {low} deri në {high} (mediana {median}), nga {count, plural, one {# ofertë} other {# oferta}}',
  'priceGuide.countryNote': 'Në {town} ende nuk ka mjaft oferta të pranuara, ndaj kjo vlen për gjithë Shqipërinë.',
  'priceGuide.extremes': 'Të gjitha midis {min} dhe {max}.',
  'priceGuide.updated': 'Përditësuar më {month}.',
  'priceGuide.useMedian': 'Përdor medianën ({median})',
  'priceGuide.empty': 'Ende nuk ka mjaft oferta të pranuara për {service} në {town} për të treguar një gamë çmimesh.',
  'priceGuide.loading': 'Po ngarkohet udhëzuesi i çmimeve…',
  'priceGuide.failed': 'Udhëzuesi i çmimeve nuk u ngarkua.',
  'priceGuide.method': 'Si llogaritet?',
  'priceGuide.methodText':
    'Nga ofertat që klientët pranuan në këtë faqe në {months} muajt e fundit, përfshirë punët e përfunduara. "Shumica" është gjysma e mesit: një e katërta e ofertave ishin më të lira dhe një e katërta më të shtrenjta. Mediana është çmimi në mes. Çmimet janë të rrumbullakosura dhe brenda {accuracy}% nga ato të saktat. Një gamë tregohet vetëm kur mbështetet në të paktën {offers} oferta të pranuara nga të paktën {businesses} biznese të ndryshme, që asnjë marrëveshje e vetme të mos lexohet prej saj.',
  'priceGuide.position.below': 'Çmimi juaj prej {price} është nën shumicën e ofertave të pranuara.',
  'priceGuide.position.within': 'Çmimi juaj prej {price} është brenda gamës së shumicës së ofertave të pranuara.',
  'priceGuide.position.above': 'Çmimi juaj prej {price} është mbi shumicën e ofertave të pranuara.',
};
