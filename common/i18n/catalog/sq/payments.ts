/** Tekstet e pagesave: shuma para pagesës, hapi i pagesës, faqja e rezultatit, rimbursimet. */
import type { payments as en } from '../en/payments';
import type { Translation } from '../types';

export const payments: Translation<typeof en> = {
  'payments.charge.where':
    'Paguani në faqen e sigurt të ofruesit të pagesave (Paddle). Të dhënat e kartës nuk vijnë kurrë te Interio.',
  'payments.charge.currency':
    'Çmimet këtu janë në {shown}, por pagesat me kartë tërhiqen në {charged}: paguani {amount}.',
  'payments.charge.test': 'Pagesë prove: nuk tërhiqen para të vërteta.',
  'payments.pay.title': 'Pagesë e sigurt',
  'payments.pay.opening': 'Po hapet faqja e sigurt e pagesës…',
  'payments.pay.open': 'Faqja e sigurt e pagesës është e hapur.',
  'payments.pay.closed': 'Faqja e pagesës u mbyll para se të kryhej pagesa.',
  'payments.pay.reopen': 'Hap përsëri faqen e pagesës',
  'payments.pay.loadError': 'Faqja e pagesës nuk u hap. Nuk u tërhoq asgjë.',
  'payments.pay.noTransaction': 'Kjo lidhje pagese nuk është e plotë. Filloni blerjen përsëri.',
  'payments.result.title': 'Pagesa juaj',
  'payments.result.pending': 'Po presim që ofruesi i pagesave të konfirmojë pagesën tuaj…',
  'payments.result.pendingLong':
    'Konfirmimi po zgjat më shumë se zakonisht. Mund ta lini këtë faqe: do të njoftoheni kur të vijë.',
  'payments.result.completed': 'Pagesa u krye',
  'payments.result.completedAd': 'Reklama juaj e sponsorizuar është aktive.',
  'payments.result.completedPlan': 'Tani jeni në planin {plan}.',
  'payments.result.refused': 'Pagesa u refuzua',
  'payments.result.refusedText': 'Nuk u ble asgjë dhe nuk u tërhoq asnjë para.',
  'payments.result.canceled': 'Pagesa u anulua',
  'payments.result.refunded': 'Pagesa u rimbursua',
  'payments.result.tryAgain': 'Provoni përsëri me një kartë tjetër',
  'payments.result.viewAds': 'Shikoni reklamat tuaja',
  'payments.result.viewPlans': 'Shikoni planin tuaj',
  'payments.result.transactions': 'Të gjitha transaksionet',
  'payments.result.loadError': 'Pagesa nuk u ngarkua.',
  'payments.result.amount': 'Shuma',
  'payments.failure.already_canceled': 'Pagesa ishte anuluar tashmë.',
  'payments.failure.already_refunded': 'Pagesa ishte rimbursuar tashmë.',
  'payments.failure.authentication_failed': 'Banka nuk e konfirmoi pagesën (3-D Secure).',
  'payments.failure.blocked_card':
    'Banka e ka bllokuar këtë kartë (e humbur, e vjedhur ose e ngrirë). Përdorni një kartë tjetër.',
  'payments.failure.canceled': 'Pagesa u anulua para se të kryhej.',
  'payments.failure.declined': 'Banka e refuzoi kartën.',
  'payments.failure.declined_not_retryable': 'Banka e refuzoi kartën dhe kërkon të mos provohet më.',
  'payments.failure.expired_card': 'Karta ka skaduar.',
  'payments.failure.fraud': 'Pagesa u ndal si mashtrim i mundshëm. Përdorni një kartë tjetër ose kontaktoni bankën.',
  'payments.failure.invalid_amount': 'Banka nuk e pranoi shumën e kësaj pagese.',
  'payments.failure.invalid_payment_details':
    'Të dhënat e kartës nuk janë të sakta. Kontrollojini dhe provoni përsëri.',
  'payments.failure.issuer_unavailable': 'Banka e kartës nuk u arrit. Provoni përsëri pas pak.',
  'payments.failure.not_enough_balance': 'Karta nuk ka mjaftueshëm para për këtë pagesë.',
  'payments.failure.preferred_network_not_supported': 'Rrjeti i kësaj karte nuk pranohet. Përdorni një kartë tjetër.',
  'payments.failure.psp_error': 'Përpunuesi i pagesave pati një problem. Provoni përsëri pas pak.',
  'payments.failure.redacted_payment_method':
    'Kjo kartë e ruajtur nuk është më e disponueshme. Përdorni një kartë tjetër.',
  'payments.failure.system_error':
    'Pagesa nuk u përpunua për shkak të një gabimi të sistemit. Provoni përsëri pas pak.',
  'payments.failure.transaction_not_permitted': 'Banka nuk e lejon këtë kartë të bëjë këtë pagesë.',
  'payments.failure.unknown': 'Pagesa dështoi për një arsye që banka nuk e tha.',
  'payments.failure.provider_unavailable': 'Ofruesi i pagesave nuk u arrit; nuk u tërhoq asgjë.',
  'payments.failure.other': 'Pagesa u refuzua.',
  'payments.receipt': 'Fatura',
  'payments.receiptError': 'Fatura nuk u hap. Provoni përsëri pas pak.',
  'payments.refunded': 'U rimbursuan {amount}',
  'payments.refundReason': 'Arsyeja: {reason}',
  'payments.refundPending': 'U kërkua rimbursim prej {amount}',
  'payments.payNow': 'Paguaj tani',
};
