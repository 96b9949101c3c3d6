/** POST /contactForm {message}: stores the help-and-support message with its sender; 201. */
import { randomUUID } from 'node:crypto';
import { contactBody as body } from '../../common/schemas/contact';
import { defineHandler, reply } from '../api/http';
import { putContactMessage } from '../data/contact';

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
