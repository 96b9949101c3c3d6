/** Shared pieces speak the chosen language: towns in Albanian order, a post card's fallbacks and price, pagination. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Post } from '../../../common/types';
import { TOWNS } from '../../../common/constants';
import { renderInLanguage, renderPage } from '../testing/render';
import { answer } from '../testing/server';
import { Pagination } from './Pagination';
import { PostCard } from './PostCard';
import { TownSelect } from './TownSelect';

describe('the town picker', () => {
  it('lists every town once, in Albanian alphabetical order (Ç after C), after the empty choice', () => {
    renderInLanguage(<TownSelect onChange={() => {}} aria-label="Town" />, 'sq');
    const options = within(screen.getByRole('combobox', { name: 'Town' }))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options[0]).toBe('Zgjidhni një qytet');
    const towns = options.slice(1);
    expect([...towns].sort()).toEqual([...TOWNS].sort());
    expect(towns.indexOf('Çorovodë')).toBe(towns.indexOf('Cërrik') + 1);
    expect(towns.indexOf('Ersekë')).toBeGreaterThan(towns.indexOf('Elbasan'));
  });
});

const post: Post = {
  _id: 'p1',
  userId: 'u1',
  title: '  ',
  images: [],
  category: [],
  location: '',
  budget: 1200,
  createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  status: 'open',
};

describe('a post card', () => {
  it.each([
    ['en', 'Untitled Post', 'No description available', 'Location not specified', '€1,200', '3 days ago', 'View'],
    ['sq', 'Kërkesë pa titull', 'Nuk ka përshkrim', 'Vendndodhja nuk është dhënë', '1200 €', '3 ditë më parë', 'Shiko'],
  ] as const)(
    'in %s shows the fallbacks, the budget in the stage currency and the time',
    async (language, ...texts) => {
      answer('/category/all', []);
      renderPage(<PostCard post={post} />, { path: '/', url: '/', language });
      const card = await screen.findByTestId('post-card');
      for (const text of texts) expect(card.textContent?.replace(/\u00a0|\u202f/g, ' ')).toContain(text);
    },
  );
});

describe('pagination', () => {
  it('names its buttons in Albanian', () => {
    renderInLanguage(<Pagination page={1} pageCount={3} hasNext onChange={() => {}} />, 'sq');
    expect(screen.getByRole('navigation', { name: 'Faqet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Faqja 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Mbrapa' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Para' })).toBeTruthy();
  });
});
