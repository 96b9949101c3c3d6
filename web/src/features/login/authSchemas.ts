/**
 * The sign-in schemas (and zod), fetched apart from the page: the forms draw and take input at once, the schemas
 * arrive when the browser is idle (lib/forms.tsx). One loader per form.
 */
const loadAuthSchemas = () => import('../../../../common/schemas/auth');
export const logInForm = () => loadAuthSchemas().then((m) => m.logInForm);
export const registerForm = () => loadAuthSchemas().then((m) => m.registerForm);
export const confirmSignUpForm = () => loadAuthSchemas().then((m) => m.confirmSignUpForm);
export const resetRequestForm = () => loadAuthSchemas().then((m) => m.resetRequestForm);
export const resetPasswordForm = () => loadAuthSchemas().then((m) => m.resetPasswordForm);
