/**
 * The verified badge of a business a moderator verified (its NIPT checked against a document): an icon and
 * the word, so it reads without colour or pictures, with a tooltip saying what was checked. Nothing for a
 * business that is not verified. Shown wherever people choose a business, beside its rating.
 */
import { useT } from '../i18n/useT';
import { VerifiedIcon } from './icons';
import './feedback.css';

export function VerifiedBadge({ verified }: { verified: boolean | undefined }) {
  const t = useT();
  if (!verified) return null;
  return (
    <span className="verified-badge" title={t('verification.badgeTitle')} data-testid="verified-badge">
      <VerifiedIcon width={16} height={16} />
      <span>{t('verification.badge')}</span>
    </span>
  );
}
