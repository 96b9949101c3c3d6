import type { dashboard as en } from '../en/dashboard';
import type { Translation } from '../../../../../common/i18n/catalog/types';

export const dashboard: Translation<typeof en> = {
  'dashboard.title': 'Kreu',
  'dashboard.business.promo.title': 'Gjeni klientët më të mirë dhe kurseni kohë',
  'dashboard.business.promo.body':
    'Kaloni në një plan më të lartë: arrini më shumë klientë, merrni të parët kërkesat e sugjeruara dhe dalloheni me portofolin tuaj.',
  'dashboard.business.promo.action': 'Përmirëso planin',
  'dashboard.client.promo.title': 'Gjeni mjeshtrin e duhur dhe kurseni kohë',
  'dashboard.client.promo.body':
    'Shkruani një herë çfarë ju duhet. Dizajnerët dhe mjeshtrat e zonës ju vijnë me oferta — krahasojini dhe zgjidhni.',
  'dashboard.client.promo.action': '+ Shto kërkesë',
  'dashboard.section.filtered': 'Rezultatet e filtruara',
  'dashboard.section.filteredEmpty': 'Asnjë kërkesë nuk përputhet me filtrat tuaj',
  'dashboard.section.clearFilters': 'Pastro filtrat',
  'dashboard.section.recent': 'Kërkesat e fundit',
  'dashboard.section.suggestedEmpty': 'Nuk ka kërkesa të sugjeruara',
  'dashboard.section.newest': 'Më të rejat',
  'dashboard.section.empty': 'Ende nuk ka kërkesa.',
  'dashboard.section.showMore': 'Shiko më shumë',
  'dashboard.section.loading': 'Duke u ngarkuar...',
  'dashboard.section.loadError': 'Këto kërkesa nuk u ngarkuan.',
  'dashboard.search.placeholder': 'Kërkoni biznese sipas emrit...',
  'dashboard.search.label': 'Kërko biznese',
  'dashboard.search.filters': 'Filtrat',
  'dashboard.search.results': 'Bizneset e gjetura',
  'dashboard.search.searching': 'Duke kërkuar...',
  'dashboard.search.failed': 'Kërkimi dështoi.',
  'dashboard.search.none': 'Nuk u gjet asnjë biznes',
  'dashboard.panel.title': 'Filtrat',
  'dashboard.panel.show': 'Shfaq',
  'dashboard.panel.hide': 'Fshih',
  'dashboard.panel.clearAll': 'Pastroji të gjitha',
};
