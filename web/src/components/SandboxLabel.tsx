import { useT } from '../i18n/useT';
import './SandboxLabel.css';

/** The label every payment screen shows while payments are simulated (config.paymentsSandbox). */
export function SandboxLabel() {
  const t = useT();
  return (
    <div className="sandbox-label" role="note" data-testid="sandbox-label">
      {t('common.sandbox')}
    </div>
  );
}
