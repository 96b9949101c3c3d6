/** POST /contactForm {message}: a message to support. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const sendContactForm = (message: string) => api.post<unknown>('/contactForm', { message });

export const useSendContactForm = () => useMutation({ mutationFn: sendContactForm });
