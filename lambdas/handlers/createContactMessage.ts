/** POST /contactForm {message}: stores the help-and-support message with its sender; 201. */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { defineHandler, reply } from '../lib/http';
import { putContactMessage } from '../data/contact';

const body = z.object({
  message: z.string({ error: 'message is required' }).trim().min(1, 'message is required').max(5000, 'message is too long (at most 5000 characters)'),
});

export const handler = defineHandler('createContactMessage', {
  body,
  run: async ({ caller, body: input }) => {
    const stored = {
      _id: randomUUID(),
      message: input.message,
      senderSub: caller.sub,
      ...(caller.email ? { senderEmail: caller.email } : {}),
      senderRole: caller.role,
      createdAt: new Date().toISOString(),
    };
    await putContactMessage(stored);
    return reply(201, { _id: stored._id, message: 'Thank you for your message', createdAt: stored.createdAt });
  },
});
