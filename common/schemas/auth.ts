/**
 * The sign-in forms' rules (log in, register, confirm the email, reset the password). The sign-in
 * service (Cognito, and cognito-local through bin/local/cognito.ts) enforces the same password rule,
 * PASSWORD_RULES of common/constants.ts; this is the one schema of it the forms use. Refusals name a
 * code in `params.code` (a field text of the web catalogue: errors.field.<code>).
 */
import * as z from 'zod';
import { PASSWORD_RULES } from '../constants';
import { businessNameSchema } from './accounts';
import { townSchema, userText } from './fields';

const refusal = (message: string, code: string) => ({ code: 'custom' as const, message, params: { code } });

export const emailSchema = z.string().trim().pipe(z.email('email must be an email address').max(254));

/** A new password: every rule of PASSWORD_RULES (the first one broken is named). */
export const passwordSchema = z.string().superRefine((password, ctx) => {
  const broken = PASSWORD_RULES.find((rule) => !rule.test(password));
  if (broken) ctx.addIssue(refusal(`Password requirement not met: ${broken.label}`, 'WEAK_PASSWORD'));
});

/** The password typed to sign in: only required (an old password may predate today's rule). */
const currentPassword = z.string().min(1, 'password is required');

const code = z.string().trim().min(1, 'code is required').max(64);

export const logInForm = z.object({ email: emailSchema, password: currentPassword });

/** The client's name is saved as "first last", a username of at most 100 characters. */
const namePart = (label: string) => userText({ label, max: 49 });

const newAccountFields = {
  email: emailSchema,
  password: passwordSchema,
  confirmPassword: z.string(),
};

export const registerForm = z
  .discriminatedUnion('accountType', [
    z.object({
      accountType: z.literal('client'),
      firstName: namePart('firstName'),
      lastName: namePart('lastName'),
      ...newAccountFields,
    }),
    z.object({
      accountType: z.literal('business'),
      businessName: businessNameSchema,
      location: townSchema,
      ...newAccountFields,
    }),
  ])
  .superRefine((form, ctx) => {
    if (form.password !== form.confirmPassword) {
      ctx.addIssue({ ...refusal('Passwords do not match', 'PASSWORDS_DIFFER'), path: ['confirmPassword'] });
    }
  });

export const confirmSignUpForm = z.object({ email: emailSchema, code });

export const resetRequestForm = z.object({ email: emailSchema });

export const resetPasswordForm = z.object({ email: emailSchema, code, newPassword: passwordSchema });
