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
  'notifications.kind.requestClosed':
    '{closedBy, select, expired {Kërkesa „{title}“ ku bëtë ofertë skadoi} other {Klienti mbylli kërkesën „{title}“ ku bëtë ofertë}}',
  'notifications.kind.paymentReceipt': 'Pagesa u mor: {amount}',
  'notifications.kind.paymentFailed': 'Pagesa juaj prej {amount} nuk u krye. Nuk u tërhoq asnjë para.',
  'notifications.runStop.cancel': 'e anuluat fushatën para se të nisej',
  'notifications.runStop.stop': 'e ndalët fushatën; rimbursohen ditët e plota që i kishin mbetur',
  'notifications.kind.paymentRefunded': 'Ju rimbursuam {amount}. Arsyeja: {reason}',
  'notifications.kind.paymentChargedBack':
    'Banka juaj e ktheu pagesën prej {amount} (chargeback): ajo që u pagua me të përfundoi',
  'notifications.kind.paymentRestored': 'Një rimbursim ose chargeback prej {amount} u anulua: ajo që paguat u rikthye',
  'notifications.kind.adRunEnded':
    'Fushata juaj e sponsorizuar përfundoi: {impressions} shfaqje, {clicks} klikime. Ta nisni përsëri?',
  'notifications.kind.newLead': 'Kërkesë e re në {town}: „{title}“',
  'notifications.kind.leadDigest':
    '{count, plural, one {# kërkesë e re sot që përputhet me shërbimet tuaja} other {# kërkesa të reja sot që përputhen me shërbimet tuaja}}',
  'notifications.kind.chatUnread': 'Mesazhe të palexuara nga {sender}',
  'notifications.kind.verificationDecided':
    '{approved, select, yes {Biznesi juaj u verifikua: klientët shohin shenjën} other {Kërkesa juaj për verifikim u refuzua: {reason}}}',
  'notifications.kind.counterOffer': 'Klienti propozon {price} për ofertën tuaj te „{title}“: pritet përgjigjja juaj',
  'notifications.kind.negotiationAnswer':
    '{answer, select, accept {{business} pranoi kundërofertën tuaj te „{title}“: marrëveshja u bë} decline {{business} refuzoi kundërofertën tuaj te „{title}“: mbetet oferta prej {price}} other {{business} rishikoi ofertën te „{title}“ në {price}: pritet përgjigjja juaj}}',
  'notifications.kind.planStarted': 'Paketa juaj {plan} filloi',
  'notifications.kind.planPaymentFailed':
    'Pagesa mujore për {plan} nuk u krye. Përditësoni kartën deri më {date} që të mbani paketën.',
  'notifications.kind.planCancelled': 'Paketa juaj {plan} u anulua: e mbani deri më {date}',
  'notifications.kind.planDowngraded':
    '{reason, select, paymentFailed {Pagesa mbeti e papaguar: tani jeni në paketën {plan}} other {Tani jeni në paketën {plan}}}',
  'notifications.kind.monthlyReport':
    'Statistikat tuaja për {month}: {views} shikime të profilit, {offers} oferta, {accepted} të pranuara',
  'notifications.settings.title': 'Njoftimet',
  'notifications.settings.emails': 'Më dërgoni email për',
  'notifications.settings.push': 'Njoftime push për',
  'notifications.settings.leadAlerts': 'Kërkesat e reja që përputhen me shërbimet e mia',
  'notifications.settings.mode.instant': 'Secilën menjëherë',
  'notifications.settings.mode.daily': 'Një përmbledhje në ditë',
  'notifications.settings.mode.off': 'Asnjë',
  'notifications.settings.save': 'Ruaj',
  'notifications.settings.saved': 'Cilësimet e njoftimeve u ruajtën.',
  'notifications.settings.kind.newOffer': 'Oferta të reja për kërkesat e mia',
  'notifications.settings.kind.offerAccepted': 'Kur pranohet oferta ime',
  'notifications.settings.kind.offerDeclined': 'Kur refuzohet oferta ime',
  'notifications.settings.kind.acceptanceCancelled': 'Kur një ofertë e pranuar kthehet në pritje',
  'notifications.settings.kind.reviewReceived': 'Vlerësime të reja',
  'notifications.settings.kind.requestDeleted': 'Kur fshihet një kërkesë ku kam bërë ofertë',
  'notifications.settings.kind.requestClosed': 'Kur mbyllet ose skadon një kërkesë ku kam ofertë',
  'notifications.settings.kind.paymentReceipt': 'Faturat e pagesave',
  'notifications.settings.kind.paymentFailed': 'Pagesat që nuk u kryen',
  'notifications.settings.kind.paymentRefunded': 'Rimbursimet',
  'notifications.settings.kind.paymentChargedBack': 'Pagesat që banka ime i ktheu (chargeback)',
  'notifications.settings.kind.paymentRestored': 'Rimbursimet dhe chargeback-et e anuluara',
  'notifications.settings.kind.adRunEnded': 'Fushatat e sponsorizuara që përfunduan',
  'notifications.settings.kind.newLead': 'Kërkesa të reja që më përshtaten',
  'notifications.settings.kind.leadDigest': 'Përmbledhja ditore e kërkesave që më përshtaten',
  'notifications.settings.kind.chatUnread': 'Mesazhe në bisedë që nuk i kam lexuar',
  'notifications.settings.kind.verificationDecided': 'Vendimet për verifikimin tim',
  'notifications.settings.kind.counterOffer': 'Kundërofertat e klientëve për ofertat e mia',
  'notifications.settings.kind.negotiationAnswer': 'Përgjigjet për kundërofertat e mia dhe ofertat e rishikuara',
  'notifications.settings.kind.planStarted': 'Paketa ime filloi ose u përmirësua',
  'notifications.settings.kind.planPaymentFailed': 'Një pagesë mujore e paketës që nuk u krye',
  'notifications.settings.kind.planCancelled': 'Paketa ime u anulua',
  'notifications.settings.kind.planDowngraded': 'Paketa ime u ul ose mbaroi',
  'notifications.settings.kind.monthlyReport': 'Raporti im mujor i statistikave',
  'notifications.serviceTowns': 'Qytetet ku punoni',
  'notifications.serviceTownsHint':
    'Kërkesat e reja në këto qytete ju vijnë si njoftime për punë të reja. Mbani Ctrl (ose ⌘) për të zgjedhur më shumë se një.',
};
