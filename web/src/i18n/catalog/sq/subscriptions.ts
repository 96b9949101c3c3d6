import type { subscriptions as en } from '../en/subscriptions';
import type { Translation } from '../types';

export const subscriptions: Translation<typeof en> = {
  'subscriptions.pageTitle': 'Paketat e abonimit',
  'subscriptions.eyebrow': 'Paketat',
  'subscriptions.title': 'Rritni biznesin tuaj',
  'subscriptions.intro': 'Zgjidhni paketën që ju përshtatet. Mund ta ndryshoni kur të doni.',
  'subscriptions.perMonth': '/muaj',
  'subscriptions.current': 'Paketa aktuale',
  'subscriptions.processing': 'Duke u përpunuar...',
  'subscriptions.choose': 'Zgjidh paketën {plan}',
  'subscriptions.changed': 'Tani jeni në paketën {plan}.',
  'subscriptions.endsAt': 'Plani juaj {plan} mbaron më {date}; e mbani deri atëherë.',
  'subscriptions.changePending': 'Plani juaj ndryshon në {plan} sapo ofruesi i pagesave ta konfirmojë.',
  'subscriptions.service.profile': 'Profil biznesi dhe portofol',
  'subscriptions.service.browse': 'Shfletoni dhe filtroni kërkesat e klientëve',
  'subscriptions.service.offers': 'Bëni oferta për kërkesat e hapura',
  'subscriptions.service.chat': 'Bisedoni me klientët',
  'subscriptions.service.everythingBasic': 'Gjithçka që ka paketa Bazë',
  'subscriptions.service.highlighted': 'Oferta të theksuara',
  'subscriptions.service.insights': 'Statistika mujore të profilit',
  'subscriptions.service.emailSupport': 'Mbështetje me email',
  'subscriptions.service.everythingStandard': 'Gjithçka që ka paketa Standard',
  'subscriptions.service.featured': 'Shfaqje e veçuar te sugjerimet',
  'subscriptions.service.monthlyAd': 'Një reklamë e sponsorizuar çdo muaj',
  'subscriptions.service.prioritySupport': 'Mbështetje me përparësi',
};
