/** Contact-form messages as stored (`CONTACT#{id}` / `CONTACT`); lambdas/data/contact.ts writes them. */

export interface StoredContactMessage {
  _id: string;
  message: string;
  senderSub: string;
  senderEmail?: string;
  senderRole: string;
  createdAt: string;
}
