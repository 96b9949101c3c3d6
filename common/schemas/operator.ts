/**
 * The operator's routes (docs/operator-figures.md): what they take (GET /operator/figures, /operator/grid,
 * /operator/export) and what the two JSON ones answer. Figures and counters are the ones of common/operatorFigures.ts,
 * so a new figure is in every answer and the export without touching this file.
 */
import * as z from 'zod';
import type { ErrorCode } from '../errors';
import {
  OPERATOR_CHART_WEEKS,
  OPERATOR_COUNTER_NAMES,
  OPERATOR_EXPORT_WEEKS_MAX,
  OPERATOR_FIGURES_WEEKS_MAX,
  OPERATOR_FIGURE_IDS,
  figureById,
  weeksBetween,
} from '../operatorFigures';
import { numberField, townSchema } from './fields';
import { dayField } from './offers';
import { SERVICE_IDS } from './priceGuide';

const serviceSchema = z.enum(SERVICE_IDS, { error: `service must be one of ${SERVICE_IDS.join(', ')}` });
const scopeFields = { town: townSchema.optional(), service: serviceSchema.optional() };

/** GET /operator/figures?weeks=&week=&town=&service= : the `weeks` weeks ending with the week of `week` (default this one). */
export const operatorFiguresQuery = z.object({
  weeks: numberField({ label: 'weeks', int: true, min: 1, max: OPERATOR_FIGURES_WEEKS_MAX }).default(
    OPERATOR_CHART_WEEKS,
  ),
  week: dayField('week').optional(),
  ...scopeFields,
});

/** GET /operator/grid?week= : the town x service grid of the week of `week` (default this one). */
export const operatorGridQuery = z.object({ week: dayField('week').optional() });

/** GET /operator/export?figure=&from=&to=&town=&service= : one figure's weeks, from the week of `from` to the week of `to`. */
export const operatorExportQuery = z
  .object({
    figure: z.enum(OPERATOR_FIGURE_IDS, { error: `figure must be one of ${OPERATOR_FIGURE_IDS.join(', ')}` }),
    from: dayField('from'),
    to: dayField('to'),
    ...scopeFields,
  })
  .superRefine((q, ctx) => {
    const weeks = weeksBetween(q.from, q.to).length;
    const issue = (path: string, message: string, code: ErrorCode) =>
      ctx.addIssue({ code: 'custom', path: [path], message, params: { code } });
    if (q.to < q.from) issue('to', 'to must not be before from', 'INVALID_DATE');
    else if (weeks > OPERATOR_EXPORT_WEEKS_MAX)
      issue('to', `An export covers at most ${OPERATOR_EXPORT_WEEKS_MAX} weeks (asked: ${weeks})`, 'INVALID_DATE');
    if ((q.town !== undefined || q.service !== undefined) && figureById(q.figure).reach === 'country')
      issue(
        'figure',
        `${q.figure} is kept for the whole of Albania only: ask without town and service`,
        'INVALID_VALUE',
      );
  });

// ---- Answers ----

const day = () => z.iso.date().describe('Monday, YYYY-MM-DD, UTC');

const figureValuesSchema = z
  .strictObject(
    Object.fromEntries(
      OPERATOR_FIGURE_IDS.map((id) => [
        id,
        z
          .number()
          .nullable()
          .describe('The figure (share 0..1, seconds, per request, stars or a count), null when it cannot be said'),
      ]),
    ),
  )
  .meta({ id: 'OperatorFigureValues' });

const countsSchema = z
  .strictObject(Object.fromEntries(OPERATOR_COUNTER_NAMES.map((c) => [c, z.number()])))
  .meta({ id: 'OperatorCounts' });

export const operatorWeekSchema = z
  .strictObject({ weekStart: day(), values: figureValuesSchema, counts: countsSchema })
  .meta({ id: 'OperatorWeek' });

export const operatorScopeSchema = z
  .strictObject({ town: z.string().optional(), service: z.string().optional() })
  .describe('Neither: across Albania');

export const operatorFiguresSchema = z
  .strictObject({ scope: operatorScopeSchema, weeks: z.array(operatorWeekSchema).describe('Oldest first') })
  .meta({ id: 'OperatorFigures' });

export const operatorGridCellSchema = z
  .strictObject({
    town: z.string(),
    service: z.string(),
    requests: z.number().int(),
    answered: z.number().int().describe('Requests that got a first offer'),
    answeredWithin24h: z.number().int(),
    activeBusinesses: z.number().int().describe('Businesses of this town offering this service active in the week'),
  })
  .meta({ id: 'OperatorGridCell' });

export const operatorGridSchema = z
  .strictObject({
    weekStart: day(),
    cells: z.array(operatorGridCellSchema).describe('Town and service pairs with at least one request, worst first'),
  })
  .meta({ id: 'OperatorGrid' });

export type OperatorFiguresAnswer = z.infer<typeof operatorFiguresSchema>;
export type OperatorWeek = z.infer<typeof operatorWeekSchema>;
export type OperatorGridAnswer = z.infer<typeof operatorGridSchema>;
