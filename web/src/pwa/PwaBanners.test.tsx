/**
 * The installable app's banners: the offline notice while kept answers are shown (with their time), "a new
 * version is ready: reload" that lets the waiting version take over, and the install prompt only after a
 * first request or offer (never on a first visit), in Albanian and English.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../testing/render';
import { PwaBanners } from './PwaBanners';
import { reportAnswer } from './offline';
import { markEngaged, updateFound } from './app';

const show = (language: 'en' | 'sq' = 'en') => renderPage(<PwaBanners />, { path: '/s', url: '/s', language });

afterEach(() => {
  act(() => reportAnswer(undefined));
  localStorage.clear();
});

describe('PwaBanners', () => {
  it('says the lists are what was seen at that time while kept answers are shown, and goes when fresh ones come', async () => {
    show('sq');
    expect(screen.queryByTestId('offline-notice')).toBeNull();
    const at = new Date(2026, 10, 26, 9, 5).toISOString();
    act(() => reportAnswer(at));
    expect((await screen.findByTestId('offline-notice')).textContent).toBe(
      'Jeni pa internet: po shihni atë që patë në orën 09:05.',
    );
    act(() => reportAnswer(undefined));
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });

  it('offers to reload to a new version and lets it take over on the click', async () => {
    show('en');
    const apply = vi.fn(async () => undefined);
    act(() => updateFound(apply));
    const banner = await screen.findByTestId('update-ready');
    expect(banner.textContent).toContain('A new version of Interio is ready.');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledOnce();
  });

  it('keeps the install prompt for after a first request or offer, and "Not now" is remembered', async () => {
    show('en');
    const prompt = vi.fn(async () => undefined);
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    // A first visit: no prompt.
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
    act(() => markEngaged());
    fireEvent.click(await screen.findByRole('button', { name: 'Install' }));
    await vi.waitFor(() => expect(prompt).toHaveBeenCalledOnce());
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Install' })).toBeNull());
  });
});
