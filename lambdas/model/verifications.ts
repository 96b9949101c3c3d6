/**
 * Verification requests of businesses as stored (docs/access-patterns.md, "Verified businesses"): one item per
 * business, `BUSINESS#{id}` / `VERIFICATION`. lambdas/data/verifications.ts reads and writes it.
 */

export type StoredVerificationStatus = 'pending' | 'verified' | 'refused';

export interface StoredVerification {
  businessId: string;
  /** The business's Cognito sub (its owner). */
  businessSub: string;
  /** The Albanian tax id, upper case (common/schemas/verification.ts). */
  nipt: string;
  /** Upload key of the document's picture: private, its address goes only to the owner and moderators. */
  document: string;
  status: StoredVerificationStatus;
  requestedAt: string;
  decidedAt?: string;
  /** The moderator's reason for a refusal. */
  reason?: string;
  /** The Cognito sub of the moderator who decided. */
  decidedBy?: string;
  /**
   * While pending, the business's current name and town for the moderators' queue (stored with the request, then
   * kept current as lambdas/model/copies.ts COPIES.verificationName says), and the profile version (`updatedAt`, else `createdAt`) they were
   * copied from.
   */
  businessName: string;
  location: string;
  profileVersion: string;
}
