import type { subscriptions as en } from '../en/subscriptions';
import type { Translation } from '../types';

export const subscriptions: Translation<typeof en> = {
  'subscriptions.pageTitle': 'Paketat e abonimit',
  'subscriptions.eyebrow': 'Paketat',
  'subscriptions.title': 'Rritni biznesin tuaj',
  'subscriptions.intro': 'Mujore, pa detyrim: ndryshojeni ose anulojeni kur të doni te Paketa dhe pagesat.',
  'subscriptions.perMonth': '/muaj',
  'subscriptions.current': 'Paketa aktuale',
  'subscriptions.processing': 'Duke u përpunuar...',
  'subscriptions.choose': 'Zgjidh paketën {plan}',
  'subscriptions.changed': 'Tani jeni në paketën {plan}.',
  'subscriptions.endsAt': 'Paketa juaj bëhet {plan} më {date}; deri atëherë mbani paketën aktuale.',
  'subscriptions.changePending': 'Paketa juaj bëhet {plan} sapo ofruesi i pagesave ta konfirmojë.',
  'subscriptions.continues': 'Paketa juaj {plan} vazhdon.',
  'subscriptions.manage': 'Paketa dhe pagesat',
  'subscriptions.billing.title': 'Paketa dhe pagesat',
  'subscriptions.billing.free':
    'Paketa Bazë është falas. Zgjidhni një paketë me pagesë për më shumë oferta, më shumë foto dhe një vend më lart.',
  'subscriptions.billing.renews': 'Rinovohet më {date} për {price}. Mund ta anuloni kur të doni.',
  'subscriptions.billing.ending': 'E anuluar: e mbani {plan} deri më {date}, pastaj kaloni në Bazë.',
  'subscriptions.billing.graceStatus': 'Pagesë e papaguar: e mbani paketën deri më {date}.',
  'subscriptions.billing.pastDue':
    'Pagesa mujore për {plan} nuk u krye. Përditësoni kartën deri më {date} që ta mbani; pas kësaj kaloni në Bazë dhe asgjë nuk fshihet.',
  'subscriptions.billing.scheduled': 'Bëhet {plan} më {date}.',
  'subscriptions.billing.usage': 'Këtë muaj',
  'subscriptions.billing.actions': 'Menaxhoni paketën',
  'subscriptions.billing.change': 'Ndrysho paketën',
  'subscriptions.billing.keep': 'Mbaj {plan}',
  'subscriptions.billing.updateCard': 'Përditëso kartën',
  'subscriptions.billing.payments': 'Pagesat dhe faturat',
  'subscriptions.billing.cancel': 'Anulo paketën',
  'subscriptions.billing.cancelConfirm':
    'Të anulohet {plan}? E mbani deri më {date}; pastaj kaloni në Bazë dhe nuk paguani më.',
  'subscriptions.billing.cancelYes': 'Anulo në fund të periudhës',
  'subscriptions.billing.cancelNo': 'Mbaj paketën',
  'subscriptions.quota.offers':
    '{unlimited, select, true {{used, plural, one {# ofertë} other {# oferta}} këtë muaj (pa kufi)} other {{used} nga {limit} oferta këtë muaj}}',
  'subscriptions.quota.pictures': '{used} nga {limit} foto në portofol',
  'subscriptions.quota.resets': 'Ofertat fillojnë sërish më {date}.',
  'subscriptions.quota.out': 'I keni bërë të {limit} ofertat e paketës këtë muaj. Fillojnë sërish më {date}.',
  'subscriptions.quota.upgrade': 'Kalo në {plan}',
  'subscriptions.service.profile': 'Profil biznesi dhe portofol',
  'subscriptions.service.browse': 'Shfletoni dhe filtroni kërkesat e klientëve',
  'subscriptions.service.chat': 'Bisedoni me klientët',
  'subscriptions.feature.offers': '{count, plural, one {# ofertë} other {# oferta}} në muaj',
  'subscriptions.feature.offersUnlimited': 'Oferta pa kufi',
  'subscriptions.feature.pictures': 'Deri në {count} foto në portofol',
  'subscriptions.feature.highlighted': 'Ofertat tuaja të theksuara për klientët me shenjën {plan}',
  'subscriptions.feature.ranking':
    '{tier, select, 1 {Para bizneseve Bazë me vlerësim të njëjtë} other {Para bizneseve Standard dhe Bazë me vlerësim të njëjtë}}',
  'subscriptions.ranking.title': 'Si renditen bizneset',
  'subscriptions.ranking.text':
    'Së pari sipas vlerësimit, pastaj sipas numrit të vlerësimeve dhe të punëve të përfunduara. Vetëm mes bizneseve të barabarta në të gjitha këto vlen paketa: Premium e para, pastaj Standard, pastaj Bazë.',
};
