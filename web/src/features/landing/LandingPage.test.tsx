/** The landing page speaks Albanian first and switches every text to English at once, without a reload. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../testing/render';
import LandingPage from './LandingPage';

describe('the landing page', () => {
  it('shows the slogan and the services in Albanian, then in English after the switch', async () => {
    renderPage(<LandingPage />, { path: '/', url: '/', language: 'sq' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Zbukuroni shtëpinë me ne' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Dizajn interieri' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Hyr' })).toBeTruthy();

    await userEvent.click(screen.getByTestId('language-en'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Decorate your home with us' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Interior Design' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
    expect(screen.getByTestId('language-en').getAttribute('aria-pressed')).toBe('true');
    expect(document.documentElement.lang).toBe('en');
  });
});
