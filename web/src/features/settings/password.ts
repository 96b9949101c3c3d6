/**
 * The change-password form's rule: the current password, a new one that meets the password rule of the
 * app and of the user pool (PASSWORD_RULES, common/constants.ts) and its confirmation. Each refusal names
 * its code, which the form words in the chosen language.
 */
import * as z from 'zod';
import { PASSWORD_RULES } from '../../../../common/constants';

export const PASSWORD_NOT_MET = 'PASSWORD_RULES_NOT_MET';
export const PASSWORD_NOT_CONFIRMED = 'PASSWORD_NOT_CONFIRMED';

export const meetsPasswordRules = (password: string) => PASSWORD_RULES.every((rule) => rule.test(password));

export const changePasswordForm = z
  .object({
    current: z.string().min(1),
    next: z.string().refine(meetsPasswordRules, { params: { code: PASSWORD_NOT_MET } }),
    confirm: z.string().min(1),
  })
  .refine((v) => v.confirm === v.next, { path: ['confirm'], params: { code: PASSWORD_NOT_CONFIRMED } });

export type ChangePasswordValues = z.input<typeof changePasswordForm>;
