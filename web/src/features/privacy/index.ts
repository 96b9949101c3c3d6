/** A person's data rights in the app: Settings > Privacy, and the screen of a closed account signed in again. */
export { PrivacySettings } from './PrivacySettings';
