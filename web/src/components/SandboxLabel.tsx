import './SandboxLabel.css';

/** The label every payment screen shows while payments are simulated (config.paymentsSandbox). */
export function SandboxLabel() {
  return (
    <div className="sandbox-label" role="note" data-testid="sandbox-label">
      Sandbox payment — no real charge
    </div>
  );
}
