/**
 * Why a card was refused, in Albanian or English: the words the app shows too for each of the provider's failure codes
 * (common/payments.ts PAYMENT_FAILURE_CODES; common/i18n/catalog/{sq,en}/payments.ts `payments.failure.<code>`),
 * so the app, the emails and the API's English message say the same. Any other code reads as a plain refusal.
 */
import { isPaymentFailureCode } from '../../common/payments';
import { payments as en } from '../../common/i18n/catalog/en/payments';
import { payments as sq } from '../../common/i18n/catalog/sq/payments';

const TEXTS = { sq, en } as const;

export const failureText = (code: string | undefined, lang: 'sq' | 'en') =>
  TEXTS[lang][`payments.failure.${isPaymentFailureCode(code) ? code : 'other'}`];
