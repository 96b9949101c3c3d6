/** "Receipt": opens the provider's invoice of a completed payment (its link is asked for on the click: it expires). */
import { useT } from '../../i18n/useT';
import { useReceipt } from './api/get-receipt';

export function ReceiptButton({ paymentId }: { paymentId: string }) {
  const t = useT();
  const receipt = useReceipt();
  return (
    <>
      <button
        type="button"
        className="receipt-link"
        disabled={receipt.isPending}
        onClick={() =>
          receipt.mutate(paymentId, {
            onSuccess: ({ url }) => window.location.assign(url),
          })
        }
        data-testid="receipt-link"
      >
        {t('payments.receipt')}
      </button>
      {receipt.isError && (
        <small role="alert" className="st-desc">
          {t('payments.receiptError')}
        </small>
      )}
    </>
  );
}
