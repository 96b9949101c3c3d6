/** Payments: the charge shown before paying, the pay step, the result page, receipts and failure texts. */
export { ChargeNote, useChargeMoney, isTestPayment } from './ChargeNote';
export { ReceiptButton } from './ReceiptButton';
export { failureMessage } from './paymentTexts';
