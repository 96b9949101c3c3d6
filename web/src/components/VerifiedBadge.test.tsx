/** The verified badge: an icon and a word (in the reader's language) with what it means, or nothing. */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInLanguage } from '../testing/render';
import { VerifiedBadge } from './VerifiedBadge';

describe('VerifiedBadge', () => {
  it('says "I verifikuar" in Albanian and "Verified" in English, with what was checked', () => {
    renderInLanguage(<VerifiedBadge verified />, 'sq');
    const badge = screen.getByTestId('verified-badge');
    expect(badge.textContent).toBe('I verifikuar');
    expect(badge.getAttribute('title')).toContain('NIPT');
    // The icon is decoration: the word names the badge.
    expect(badge.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('reads "Verified" in English', () => {
    renderInLanguage(<VerifiedBadge verified />, 'en');
    expect(screen.getByText('Verified')).toBeTruthy();
  });

  it('shows nothing for a business that is not verified (or not known to be)', () => {
    const { container } = renderInLanguage(
      <>
        <VerifiedBadge verified={false} />
        <VerifiedBadge verified={undefined} />
      </>,
    );
    expect(container.textContent).toBe('');
    expect(screen.queryByTestId('verified-badge')).toBeNull();
  });
});
