/** POST /contactForm {message}. */
import * as z from 'zod';
import { userText } from './fields';

export const contactBody = z.object({
  message: userText({ label: 'message', max: 5000, multiline: true }),
});
