/** Verified businesses: Settings > Verification (businesses) and the moderators' verification queue. */
export { VerificationSettings } from './VerificationSettings';
export { VerificationQueue } from './VerificationQueue';
