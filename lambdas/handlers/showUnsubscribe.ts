/**
 * GET /notifications/unsubscribe?token= (no sign-in): the page an email's unsubscribe link opens. It
 * names the kind of email and asks to confirm with one button (a POST to the same address), so a mail
 * scanner that opens links unsubscribes nobody. An altered token, or none, gets a clear page (400).
 */
import { unsubscribeQuery as query } from '../../common/schemas/notifications';
import { definePublicHandler } from '../api/http';
import { invalidUnsubscribeLink, verifyUnsubscribe } from '../notify/unsubscribe';
import { invalidLinkPage, unsubscribeConfirmPage } from '../notify/unsubscribePages';

export const handler = definePublicHandler('showUnsubscribe', {
  query,
  invalidPage: invalidLinkPage,
  run: async ({ query: { token } }) => {
    const claim = await verifyUnsubscribe(token);
    if (!claim) throw invalidUnsubscribeLink();
    return unsubscribeConfirmPage(claim.kind, token);
  },
});
