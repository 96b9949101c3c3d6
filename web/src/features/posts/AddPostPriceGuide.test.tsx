/** The price guide beside the budget of a new request (entities/price-guide). */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { townGuideAnswer as townAnswer } from '../../testing/priceGuide';
import { renderPage } from '../../testing/render';
import { answer, API, server } from '../../testing/server';
import { AddPostForm } from './AddPostPage';

const plain = (el: HTMLElement) => (el.textContent ?? '').replace(/\s/g, ' ');
const show = (ui: React.ReactNode) => renderPage(ui, { path: '/x', url: '/x' });

describe('on the create-request form', () => {
  it('shows the range once a service and a town are chosen, and "Use the median" fills the budget', async () => {
    answer('/category/all', [{ _id: 'furniture', name: 'Furniture' }]);
    const asked: string[] = [];
    server.use(
      http.get(`${API}/price-guide`, ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(townAnswer);
      }),
    );
    show(<AddPostForm userId="u1" signedIn onSignIn={() => {}} onCancel={() => {}} onCreated={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Furniture' }));
    expect(screen.queryByTestId('price-guide')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Location'), 'Tirana');
    expect(plain(await screen.findByTestId('price-guide-range'))).toMatch(
      /^Most accepted offers for Furniture in Tirana/,
    );
    expect(asked).toEqual(['?service=furniture&town=Tirana']);
    await userEvent.click(screen.getByRole('button', { name: 'Use the median (€1,900)' }));
    expect((screen.getByLabelText('Budget (€)') as HTMLInputElement).value).toBe('1900');
  });
});
