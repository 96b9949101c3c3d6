/** Request schemas of client and business profiles (POST /user, POST /business, PUT /user/{id}, PUT /business/{id}, searches). */
import * as z from 'zod';
import { MAX_PORTFOLIO_PICTURES } from '../plans';
import {
  categoryIdsSchema,
  idSchema,
  imageRefSchema,
  optionalPicture,
  townSchema,
  userText,
  utf8Bytes,
  type ImageSchema,
} from './fields';
import { MAX_NAME_TOKEN_BYTES, tokenize } from '../search';
import { pageQuery } from './paging';
import { LANGUAGES } from '../languages';

/** The language the account reads the product in (private: answered only to the owner). */
export const languageSchema = z.enum(LANGUAGES, { error: `language must be one of ${LANGUAGES.join(', ')}` });

/** Body fields both profile creations take. */
export const newProfileFields = {
  cognitoId: idSchema('cognitoId'),
  email: z.email('email must be an email address').max(254).optional(),
  language: languageSchema.optional(),
};

export const usernameSchema = userText({ label: 'username', max: 100 });

/**
 * A business name: its folded words are search-index keys (common/search.ts), so each is bounded in
 * UTF-8 bytes as it is stored (folding can expand a character into several: "㌖" -> "キロメートル").
 */
/** A name whose folded words are index keys: each bounded in bytes (see businessNameSchema). */
export const searchableName = (label: string, min: number) =>
  userText({ label, max: 100, min }).superRefine((name, ctx) => {
    if (tokenize(name).some((t) => utf8Bytes(t) > MAX_NAME_TOKEN_BYTES)) {
      ctx.addIssue({
        code: 'custom',
        params: { code: 'FIELD_TOO_LONG' },
        message: `${label} has a word that is too long (at most ${MAX_NAME_TOKEN_BYTES} bytes once accents are removed)`,
      });
    }
  });
export const businessNameSchema = searchableName('businessName', 1);

export const descriptionSchema = userText({ label: 'description', max: 5000, min: 0, multiline: true });

export const createUserBody = z.object({
  ...newProfileFields,
  username: usernameSchema,
  location: townSchema.optional(),
});

export const createBusinessBody = z.object({
  ...newProfileFields,
  businessName: businessNameSchema,
  location: townSchema,
  username: userText({ label: 'username', max: 100, min: 0 }).optional(),
  description: descriptionSchema.optional(),
  categories: categoryIdsSchema.optional(),
});

export const updateUserBody = (image: ImageSchema = imageRefSchema) =>
  z.object({
    username: userText({
      label: 'username',
      max: 100,
      messages: { required: 'username must not be empty' },
    }).optional(),
    location: z.union([z.literal(''), z.null(), townSchema]).optional(),
    profilePicture: optionalPicture(image).optional(),
    language: languageSchema.optional(),
  });

export const updateBusinessBody = (image: ImageSchema = imageRefSchema) =>
  z.object({
    businessName: businessNameSchema.optional(),
    username: userText({ label: 'username', max: 100, min: 0 }).optional(),
    description: descriptionSchema.optional(),
    location: townSchema.optional(),
    categories: categoryIdsSchema.optional(),
    profilePicture: optionalPicture(image).optional(),
    showroom: z
      .array(image)
      .max(
        MAX_PORTFOLIO_PICTURES,
        `at most ${MAX_PORTFOLIO_PICTURES} showroom images (the plan's own limit may be lower)`,
      )
      .optional(),
    language: languageSchema.optional(),
    /** Towns the business works in (lead alerts match them); its own town when never set. */
    serviceTowns: z
      .array(townSchema)
      .min(1, 'name at least one service town')
      .max(MAX_SERVICE_TOWNS, `at most ${MAX_SERVICE_TOWNS} service towns`)
      .optional(),
    /** false turns the business's public page off (it answers 410 and leaves the directory and sitemap); true turns it on. */
    publicPage: z.boolean({ error: 'publicPage must be true or false' }).optional(),
  });

/** A business names at most this many service towns. */
export const MAX_SERVICE_TOWNS = 20;

/** GET /business/search?name=&limit=&cursor= (a blank name answers []). */
export const businessSearchQuery = z.object({
  name: searchableName('name', 0).optional(),
  ...pageQuery,
});

export const idParams = z.object({ id: idSchema() });
export const subParams = z.object({ sub: idSchema('sub') });
