/** The change-password form checks the shared password rule (PASSWORD_RULES) live and before anything is sent. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULES } from '../../../../common/constants';
import { renderInLanguage } from '../../testing/render';
import { meetsPasswordRules } from './password';

async function fill(next: string, confirm: string, language: 'en' | 'sq' = 'en') {
  // The sign-in module configures itself when loaded, after the test setup has loaded the runtime config.
  const { ChangePassword } = await import('./ChangePassword');
  renderInLanguage(<ChangePassword />, language);
  await userEvent.type(screen.getByTestId('password-current'), 'Old.pass1');
  await userEvent.type(screen.getByTestId('password-new'), next);
  await userEvent.type(screen.getByTestId('password-confirm'), confirm);
  await userEvent.click(screen.getByTestId('password-save'));
}

describe('change password', () => {
  it.each(['Sh0rt!', 'alllower1!', 'ALLUPPER1!', 'NoDigits!!', 'NoSpecial12'])(
    'refuses %s when it misses a rule of the user pool',
    async (password) => {
      expect(PASSWORD_RULES.every((r) => r.test(password))).toBe(false);
      expect(meetsPasswordRules(password)).toBe(false);
      await fill(password, password);
      expect((await screen.findByTestId('password-error')).textContent).toBe(
        'The new password does not meet all the criteria.',
      );
    },
  );

  it('says the confirmation differs, inline and on save, in Albanian too', async () => {
    await fill('Good.pass1', 'Good.pass2', 'sq');
    expect(screen.getByTestId('password-mismatch').textContent).toBe('Fjalëkalimet nuk përputhen.');
    expect((await screen.findByTestId('password-error')).textContent).toBe(
      'Fjalëkalimi i ri nuk është konfirmuar saktë.',
    );
  });
});
