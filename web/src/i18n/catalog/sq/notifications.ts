import type { notifications as en } from '../en/notifications';
import type { Translation } from '../types';

export const notifications: Translation<typeof en> = {
  'notifications.bell.label':
    '{count, plural, =0 {Njoftimet, asnjë i palexuar} one {Njoftimet, # i palexuar} other {Njoftimet, # të palexuar}}',
  'notifications.menu': 'Njoftimet',
  'notifications.title': 'Njoftimet',
  'notifications.loading': 'Po ngarkohen njoftimet',
  'notifications.empty': 'Ende nuk keni njoftime. Këtu do të shihni ofertat e reja, përgjigjet dhe kërkesat.',
  'notifications.markAll': 'Shënoji të gjitha si të lexuara',
  'notifications.unread': 'I palexuar',
  'notifications.kind.newOffer': '{business} bëri një ofertë prej {price} për „{title}“',
  'notifications.kind.offerAccepted': 'Oferta juaj për „{title}“ u pranua',
  'notifications.kind.offerDeclined': 'Oferta juaj për „{title}“ u refuzua',
  'notifications.kind.acceptanceCancelled': 'Klienti e ktheu në pritje ofertën tuaj të pranuar për „{title}“',
  'notifications.kind.reviewReceived': 'Morët një vlerësim: {rating} nga 5 për „{title}“',
  'notifications.kind.requestDeleted': 'Kërkesa „{title}“ ku kishit bërë ofertë u fshi',
  'notifications.kind.paymentReceipt': 'Pagesa u mor: {amount}',
  'notifications.kind.newLead': 'Kërkesë e re në {town}: „{title}“',
  'notifications.kind.leadDigest':
    '{count, plural, one {# kërkesë e re sot që përputhet me shërbimet tuaja} other {# kërkesa të reja sot që përputhen me shërbimet tuaja}}',
  'notifications.kind.chatUnread': 'Mesazhe të palexuara nga {sender}',
};
