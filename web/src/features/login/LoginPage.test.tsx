/**
 * The sign-in forms refuse what the shared schemas (and so the user pool's password rule) refuse and
 * send what they accept, show each refusal beside its field, and word the sign-in service's refusals
 * in the chosen language.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { logInForm, registerForm } from '../../../../common/schemas/auth';
import { renderPage } from '../../testing/render';
import LoginPage from './LoginPage';

const session = vi.hoisted(() => ({
  readSession: vi.fn(async () => null),
  currentIdToken: vi.fn(async () => undefined),
  logOut: vi.fn(async () => {}),
  logIn: vi.fn(),
  register: vi.fn(),
  confirmRegistration: vi.fn(),
  resendCode: vi.fn(),
  sendResetCode: vi.fn(),
  confirmNewPassword: vi.fn(),
}));
vi.mock('../../auth/session', () => session);

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  session.register.mockResolvedValue({ nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
});

const renderLogin = (language: 'en' | 'sq' = 'en') =>
  renderPage(<LoginPage />, { path: '/login', url: '/login', language });

async function fill(label: string | RegExp, value: string) {
  const input = screen.getByLabelText(label, { selector: 'input' });
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

const good = {
  firstName: 'Arta',
  lastName: 'Hoxha',
  email: 'arta@example.al',
  password: 'Shtepi#2026',
  confirmPassword: 'Shtepi#2026',
};

describe('the registration form', () => {
  it.each([
    ['a valid client', good],
    ['no first name', { ...good, firstName: '' }],
    ['a blank last name', { ...good, lastName: '   ' }],
    ['an address without @', { ...good, email: 'arta.example.al' }],
    ['a password of 7 characters', { ...good, password: 'Sht#202', confirmPassword: 'Sht#202' }],
    ['a password without a symbol', { ...good, password: 'Shtepi2026', confirmPassword: 'Shtepi2026' }],
    ['a password without upper case', { ...good, password: 'shtepi#2026', confirmPassword: 'shtepi#2026' }],
    ['passwords that differ', { ...good, confirmPassword: 'Shtepi#2027' }],
    ['a name too long for a username', { ...good, firstName: 'A'.repeat(60) }],
  ])('with %s: the form and the schema agree', async (_name, values) => {
    const accepted = registerForm.safeParse({ accountType: 'client', ...values }).success;
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Register here' }));
    await fill('First Name', values.firstName);
    await fill('Last Name', values.lastName);
    await fill('Email', values.email);
    await fill(/^Password$/, values.password);
    await fill('Confirm Password', values.confirmPassword);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    if (accepted) {
      await waitFor(() => expect(session.register).toHaveBeenCalledWith(values.email, values.password, 'client'));
      await screen.findByTestId('login-mode-confirm');
    } else {
      expect(await screen.findAllByRole('alert')).not.toHaveLength(0);
      expect(session.register).not.toHaveBeenCalled();
    }
  });

  it('shows each refusal beside its field', async () => {
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Register here' }));
    await fill('First Name', 'Arta');
    await fill('Last Name', 'Hoxha');
    await fill('Email', 'arta@example.al');
    await fill(/^Password$/, 'short');
    await fill('Confirm Password', 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const password = screen.getByLabelText(/^Password$/, { selector: 'input' });
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /at least 8 characters/,
    );
    const confirm = screen.getByLabelText('Confirm Password', { selector: 'input' });
    expect(document.getElementById(confirm.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Passwords do not match',
    );
  });

  it('asks a business for its name and town', async () => {
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Register here' }));
    await userEvent.click(screen.getByRole('button', { name: 'Business' }));
    await fill('Email', good.email);
    await fill(/^Password$/, good.password);
    await fill('Confirm Password', good.password);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Business Name is required.')).toBeTruthy();
    expect(screen.getByText('Location is required.')).toBeTruthy();
    await fill('Business Name', 'Casa Bella');
    await userEvent.selectOptions(screen.getByLabelText('Location'), 'Durrës');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(session.register).toHaveBeenCalledWith(good.email, good.password, 'business'));
  });

  it('shows the sign-in service refusing the address beside the email field', async () => {
    session.register.mockRejectedValue(
      Object.assign(new Error('User already exists'), { name: 'UsernameExistsException' }),
    );
    renderLogin('sq');
    await userEvent.click(await screen.findByRole('button', { name: 'Regjistrohuni këtu' }));
    await fill('Emri', good.firstName);
    await fill('Mbiemri', good.lastName);
    await fill('Email-i', good.email);
    await fill(/^Fjalëkalimi$/, good.password);
    await fill('Konfirmoni fjalëkalimin', good.password);
    await userEvent.click(screen.getByRole('button', { name: 'Vazhdo' }));
    const email = screen.getByLabelText('Email-i', { selector: 'input' });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Ekziston tashmë një llogari me këtë email.',
    );
    expect(screen.queryByTestId('error-modal')).toBeNull();
  });
});

describe('the log-in form', () => {
  it.each([
    ['an address and a password', 'arta@example.al', 'anything'],
    ['no password', 'arta@example.al', ''],
    ['no address', '', 'anything'],
    ['an address without a domain', 'arta@', 'anything'],
  ])('with %s: the form and the schema agree', async (_name, email, password) => {
    session.logIn.mockResolvedValue({ nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    const accepted = logInForm.safeParse({ email, password }).success;
    renderLogin();
    await fill('Email', email);
    await fill(/^Password$/, password);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    if (accepted) await waitFor(() => expect(session.logIn).toHaveBeenCalledWith(email, password));
    else {
      expect(await screen.findAllByRole('alert')).not.toHaveLength(0);
      expect(session.logIn).not.toHaveBeenCalled();
    }
  });

  it.each([
    ['en', 'NotAuthorizedException', 'Incorrect email or password.'],
    ['sq', 'NotAuthorizedException', null],
    // The local user pool's answer to a wrong password (the real pool's is NotAuthorizedException).
    ['en', 'InvalidPasswordException', 'Incorrect email or password.'],
    ['sq', 'InvalidPasswordException', 'Email-i ose fjalëkalimi është i pasaktë.'],
    ['en', 'UserNotFoundException', 'Incorrect email or password.'],
    ['en', 'UserNotConfirmedException', 'Confirm your email first: enter the code we sent you.'],
    ['en', 'LimitExceededException', 'Too many attempts. Wait a while and try again.'],
    ['en', 'TooManyRequestsException', 'Too many attempts. Wait a while and try again.'],
    [
      'en',
      'NotAuthorizedException',
      'Too many failed attempts. Wait a while and try again.',
      'Password attempts exceeded',
    ],
  ] as const)(
    'in %s shows the sign-in service refusal %s in the language',
    async (language, name, text, message?: string) => {
      session.logIn.mockRejectedValue(Object.assign(new Error(message ?? 'Incorrect username or password.'), { name }));
      renderLogin(language);
      await fill(language === 'en' ? 'Email' : 'Email-i', 'arta@example.al');
      await fill(language === 'en' ? /^Password$/ : /^Fjalëkalimi$/, 'Wrong#2026');
      await userEvent.click(await screen.findByRole('button', { name: language === 'en' ? 'Continue' : 'Vazhdo' }));
      const modal = await screen.findByTestId('error-modal');
      if (text) expect(within(modal).getByText(text)).toBeTruthy();
      else expect(modal.textContent).toMatch(/fjalëkalim/i);
      expect(modal.textContent).not.toContain(message ?? 'Incorrect username or password.');
    },
  );
});
