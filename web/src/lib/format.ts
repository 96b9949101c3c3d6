/** Display formats shared by several screens. */

/** "$1,200" / "€1,200"; '-' when there is no amount. */
export function money(amount: number | string | undefined | null, currency: '$' | '€', decimals = 0): string {
  if (amount === undefined || amount === null || amount === '') return '-';
  const n = Number(amount);
  if (!Number.isFinite(n)) return '-';
  const text = n.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return currency === '$' ? `$${text}` : `€${text}`;
}

/** Message of anything thrown (Amplify errors, ApiError, strings). */
export function errorMessage(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  return fallback;
}
