/**
 * The change-password form's rule: the current password, a new one that meets the password rule of the
 * app and of the user pool (the shared `passwordSchema`, common/schemas/auth.ts) and its confirmation.
 * Each refusal names its code, which the form words in the chosen language.
 */
import * as z from 'zod';
import { passwordSchema } from '../../../../common/schemas/auth';

export const PASSWORD_NOT_CONFIRMED = 'PASSWORD_NOT_CONFIRMED';

export const meetsPasswordRules = (password: string) => passwordSchema.safeParse(password).success;

export const changePasswordForm = z
  .object({
    current: z.string().min(1),
    next: passwordSchema,
    confirm: z.string().min(1),
  })
  .refine((v) => v.confirm === v.next, { path: ['confirm'], params: { code: PASSWORD_NOT_CONFIRMED } });

export type ChangePasswordValues = z.input<typeof changePasswordForm>;
