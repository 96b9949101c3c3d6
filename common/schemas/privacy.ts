/**
 * Requests and answers of the privacy routes (common/privacy.ts): the data export and the account's deletion.
 * The request schemas are what the handlers validate with; the answer schemas feed the OpenAPI document.
 */
import * as z from 'zod';
import { ACCOUNT_DELETION_STATUSES, EXPORT_STATUSES } from '../privacy';

const timestamp = () => z.iso.datetime({ offset: true });

/**
 * POST /account/deletion: the account's current password (checked with the user pool: the one thing that proves the
 * person at the keyboard owns the account) and `confirm: true`, that they read what closing does.
 */
export const closeAccountBody = z.object({
  password: z.string().min(1, 'password is required').max(256),
  confirm: z.literal(true, { error: 'confirm must be true: read what deleting the account does, then confirm' }),
});

export const dataExportSchema = z
  .strictObject({
    status: z.enum(EXPORT_STATUSES),
    requestedAt: timestamp().optional().describe('When the latest export was asked for'),
    readyAt: timestamp().optional(),
    expiresAt: timestamp().optional().describe('Until when the ZIP can be downloaded (then it is deleted)'),
    url: z
      .string()
      .min(1)
      .optional()
      .describe('While `ready`: a signed download address of the ZIP, valid until `expiresAt` at most'),
    size: z.number().int().min(0).optional().describe('The ZIP in bytes'),
    nextAllowedAt: timestamp().optional().describe('Before this moment a new export is refused (409 EXPORT_TOO_SOON)'),
  })
  .meta({ id: 'DataExport' });

export const accountDeletionSchema = z
  .strictObject({
    status: z.enum(ACCOUNT_DELETION_STATUSES),
    closedAt: timestamp().optional(),
    eraseAfter: timestamp().optional().describe('When the account and everything of it is erased, unless cancelled'),
  })
  .meta({ id: 'AccountDeletion' });

/** GET /account/export. */
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET /account/deletion, and the answer of closing and of cancelling. */
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;
