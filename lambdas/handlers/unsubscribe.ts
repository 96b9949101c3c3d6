/**
 * POST /notifications/unsubscribe?token= (no sign-in): turns off the email of the token's kind for the
 * token's user. It is the one-click unsubscribe of the List-Unsubscribe-Post header (RFC 8058) and the
 * button of the page GET shows. Doing it again changes nothing. An altered token gets a clear page (400).
 */
import { unsubscribeQuery as query } from '../../common/schemas/notifications';
import { definePublicHandler } from '../api/http';
import { updatePreferences } from '../data/notifications';
import { invalidUnsubscribeLink, verifyUnsubscribe } from '../notify/unsubscribe';
import { invalidLinkPage, unsubscribedPage } from '../notify/unsubscribePages';

export const handler = definePublicHandler('unsubscribe', {
  query,
  invalidPage: invalidLinkPage,
  run: async ({ query: { token }, log }) => {
    const claim = await verifyUnsubscribe(token);
    if (!claim) throw invalidUnsubscribeLink();
    await updatePreferences(claim.sub, { emails: { [claim.kind]: false } });
    log.info('Unsubscribed', { kind: claim.kind });
    return unsubscribedPage(claim.kind);
  },
});
