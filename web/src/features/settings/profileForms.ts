/**
 * What the profile forms of Settings edit and check: the fields of PUT /user/{id} and PUT /business/{id}
 * the forms hold, with the API's own rules (the photo is chosen apart and added on save). ProfileEdit
 * loads this module on its own, so the Settings page draws its form before zod arrives.
 */
import { updateBusinessBody, updateUserBody } from '../../../../common/schemas/accounts';

export const clientProfileForm = updateUserBody().pick({ username: true, location: true }).required();
export const businessProfileForm = updateBusinessBody()
  .pick({
    businessName: true,
    description: true,
    location: true,
    categories: true,
    serviceTowns: true,
    publicPage: true,
  })
  .required();
