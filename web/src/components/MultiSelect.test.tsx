import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInLanguage } from '../testing/render';
import { MultiSelect } from './MultiSelect';

function Towns() {
  const [value, setValue] = useState<string[]>([]);
  return (
    <MultiSelect
      label="Location"
      value={value}
      onChange={setValue}
      options={['Tirana', 'Durrës', 'Vlorë'].map((t) => ({ value: t, label: t }))}
    />
  );
}

describe('multi-select by keyboard', () => {
  it('opens with Arrow Down, moves with the arrows, picks with Enter and Space, closes with Escape', async () => {
    const user = userEvent.setup();
    renderInLanguage(<Towns />);
    const combobox = screen.getByRole('combobox');
    combobox.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}{ArrowDown} ');
    const selected = screen.getAllByRole('option').filter((o) => o.getAttribute('aria-selected') === 'true');
    expect(selected.map((o) => o.textContent)).toEqual(['Tirana', 'Vlorë']);
    expect(combobox.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Vlorë' }).id);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(combobox);
    expect(screen.getByRole('button', { name: 'Remove Tirana' })).toBeTruthy();
  });

  it('a mouse pick keeps focus in the combobox, so Escape still closes', async () => {
    const user = userEvent.setup();
    renderInLanguage(<Towns />);
    await user.click(screen.getByRole('combobox'));
    await user.click(screen.getByRole('option', { name: 'Durrës' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
