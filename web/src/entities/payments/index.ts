/**
 * Payments as the screens that charge show them: the charge shown before paying, receipts and failure texts. The pay
 * step and the result page are the payments feature (features/payments).
 */
export { ChargeNote, useChargeMoney, isTestPayment } from './ChargeNote';
export { ReceiptButton } from './ReceiptButton';
export { STATUS_MESSAGES, failureMessage, usePaymentItem, useRunStopText, useTownList } from './paymentTexts';
