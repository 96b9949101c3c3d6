/**
 * Verified businesses: a business asks with its NIPT and the picture of a document; a
 * moderator approves (the business gets `verified: true`, a badge wherever it shows) or refuses with a
 * reason, after which the business may ask again. Shapes shared by the API and the web app; the statuses are a
 * list of common/constants.ts (VERIFICATION_STATUSES), which the answer schemas import.
 */
import type * as z from 'zod';
import type { pendingVerificationSchema, verificationSchema } from './schemas/answers';

/** GET /business/verification (the business's own), and the answers of asking and of a decision. */
export type Verification = z.infer<typeof verificationSchema>;

/** One entry of the moderators' pending queue (GET /moderation/verifications), oldest first. */
export type PendingVerification = z.infer<typeof pendingVerificationSchema>;

/** Every answer carrying a business says whether it is verified (false until a moderator approves). */
export interface BusinessVerified {
  verified: boolean;
}
