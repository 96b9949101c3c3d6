/**
 * Profile edit screens of the settings: the client's (Full Name, town, photo) and the business's
 * (name, description, town, categories, photo). The forms check with the API's own request schemas
 * (updateUserBody, updateBusinessBody) and show the API's field errors beside their fields. Photos must
 * be at least 190 x 190 px; removing the photo resets it to the placeholder. Cancel or a successful
 * save returns to the profile. Loading, a failed load (with Retry) and the form are distinct states.
 * Each form is a file (ClientProfileEdit, BusinessProfileEdit); the photo (ProfilePhoto) and the panel they stand
 * in (EditShell) are shared by both.
 */
export { ClientProfileEdit } from './ClientProfileEdit';
export { BusinessProfileEdit } from './BusinessProfileEdit';
