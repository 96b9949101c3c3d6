import type { trust as en } from '../en/trust';
import type { Translation } from '../../../../../common/i18n/catalog/types';

export const trust: Translation<typeof en> = {
  'trust.rating.none': 'Ende pa vlerësime',
  'trust.rating.label': 'Vlerësuar {average} nga 5',
  'trust.rating.reviews': '{count, plural, one {(# vlerësim)} other {(# vlerësime)}}',
  'trust.sort.label': 'Rendit ofertat',
  'trust.sort.price': 'Çmimi më i ulët',
  'trust.sort.rating': 'Më të vlerësuarat',
  'trust.offer.revised': 'ndryshuar',
  'trust.offer.revisedTitle': 'Biznesi e ndryshoi këtë ofertë më {date}',
  'trust.close.button': 'Mbyll kërkesën',
  'trust.close.title': 'Ta mbyllim këtë kërkesë?',
  'trust.close.body':
    'Kërkesa hiqet nga lista e kërkesave të hapura dhe ofertat në pritje refuzohen. Mund ta rihapni një herë.',
  'trust.close.cancel': 'Mbaje të hapur',
  'trust.close.confirm': 'Mbyll kërkesën',
  'trust.close.closing': 'Po mbyllet...',
  'trust.closed.byClient': 'E mbyllët këtë kërkesë më {date}.',
  'trust.closed.expired': 'Kjo kërkesë u mbyll vetë më {date}, 30 ditë pasi u publikua.',
  'trust.reopen.button': 'Rihape',
  'trust.reopen.reopening': 'Po rihapet...',
  'trust.reopen.once': 'Një kërkesë rihapet vetëm një herë; kjo është rihapur tashmë.',
  'trust.revise.button': 'Ndrysho ofertën',
  'trust.revise.title': 'Ndryshoni ofertën tuaj',
  'trust.revise.save': 'Ruaj ndryshimet',
  'trust.revise.saving': 'Po ruhet...',
  'trust.revise.cancel': 'Anulo',
  'trust.revise.saved': 'Oferta juaj u përditësua.',
  'trust.revise.failed': 'Oferta nuk u përditësua: {reason}',
};
