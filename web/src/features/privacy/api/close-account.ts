/** POST /account/deletion {password, confirm: true}: delete the caller's account (closed now, erased 14 days later). */
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AccountDeletion, closeAccountBody } from '../../../../../common/schemas/privacy';
import { api } from '../../../lib/api';

export type CloseAccountRequest = z.input<typeof closeAccountBody>;

export const closeAccount = (body: CloseAccountRequest) => api.post<AccountDeletion>('/account/deletion', body);

export const useCloseAccount = () => useMutation({ mutationFn: closeAccount });
