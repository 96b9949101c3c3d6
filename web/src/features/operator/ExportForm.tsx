/**
 * Download one figure, week by week, as a CSV file: the figure (those kept for the chosen town or service), the first
 * and the last week, checked with the API's own schema (common/schemas/operator.ts: a range that ends before it starts
 * or is longer than OPERATOR_EXPORT_WEEKS_MAX weeks is refused here as the API would refuse it).
 */
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import {
  OPERATOR_EXPORT_WEEKS_MAX,
  type FigureDefinition,
  type FigureScope,
  type OperatorFigureId,
} from '../../../../common/operatorFigures';
import type { operatorExportQuery } from '../../../../common/schemas/operator';
import { FieldError, useApiFieldErrors, useSchemaResolver, type FieldLabels } from '../../lib/forms';
import { useErrorText } from '../../i18n/errors';
import { useT } from '../../i18n/useT';
import { useExportOperatorFigure } from './api/export-figure';
import { figureName } from './FigureChart';

const loadExportSchema = () => import('../../../../common/schemas/operator').then((m) => m.operatorExportQuery);

const LABELS: FieldLabels = {
  figure: 'operator.export.figure',
  from: 'operator.export.from',
  to: 'operator.export.to',
};

type ExportFields = z.input<typeof operatorExportQuery>;

export function ExportForm({
  figures,
  scope,
  scopeLabel,
  from,
  to,
}: {
  figures: readonly FigureDefinition[];
  scope: FigureScope;
  scopeLabel: string;
  from: string;
  to: string;
}) {
  const t = useT();
  const errorText = useErrorText();
  const resolver = useSchemaResolver(loadExportSchema, LABELS);
  const applyApiErrors = useApiFieldErrors(LABELS);
  const form = useForm<ExportFields, unknown, z.output<typeof operatorExportQuery>>({
    resolver,
    values: {
      figure: figures[0].id as OperatorFigureId,
      from,
      to,
      ...(scope as Pick<ExportFields, 'town' | 'service'>),
    },
    resetOptions: { keepDirtyValues: true },
  });
  const exporting = useExportOperatorFigure();
  const submit = form.handleSubmit((values) =>
    exporting.mutateAsync(values).catch((err: unknown) => {
      applyApiErrors(err, form.setError, ['figure', 'from', 'to']);
    }),
  );
  const errors = form.formState.errors;
  // A range refused as a whole (backwards or too long) is said as such, not as a bad day.
  const rangeError =
    errors.to?.type === 'INVALID_DATE'
      ? t('operator.export.range', { max: OPERATOR_EXPORT_WEEKS_MAX })
      : errors.to?.message;
  return (
    <section className="op-section" aria-labelledby="op-export-title">
      <h2 id="op-export-title">{t('operator.export.title')}</h2>
      <p className="op-section-lead">{t('operator.export.lead', { max: OPERATOR_EXPORT_WEEKS_MAX })}</p>
      <form className="op-export" onSubmit={(e) => void submit(e)} noValidate data-testid="operator-export">
        <div className="field">
          <label htmlFor="op-export-figure">{t('operator.export.figure')}</label>
          <select
            id="op-export-figure"
            className="select"
            {...form.register('figure')}
            aria-describedby="op-export-figure-error"
          >
            {figures.map((f) => (
              <option key={f.id} value={f.id}>
                {t(figureName(f.id as OperatorFigureId))}
              </option>
            ))}
          </select>
          <FieldError id="op-export-figure-error" message={errors.figure?.message} />
        </div>
        <div className="field">
          <label htmlFor="op-export-from">{t('operator.export.from')}</label>
          <input
            id="op-export-from"
            type="date"
            className="input"
            {...form.register('from')}
            aria-invalid={!!errors.from}
            aria-describedby="op-export-from-error"
          />
          <FieldError id="op-export-from-error" message={errors.from?.message} />
        </div>
        <div className="field">
          <label htmlFor="op-export-to">{t('operator.export.to')}</label>
          <input
            id="op-export-to"
            type="date"
            className="input"
            {...form.register('to')}
            aria-invalid={!!errors.to}
            aria-describedby="op-export-to-error"
          />
          <FieldError id="op-export-to-error" message={rangeError} testId="export-range-error" />
        </div>
        <div className="op-export-actions">
          <p className="op-export-scope">{t('operator.export.scope', { scope: scopeLabel })}</p>
          <button type="submit" className="btn btn-primary" disabled={exporting.isPending} data-testid="export-submit">
            {exporting.isPending ? t('operator.export.working') : t('operator.export.submit')}
          </button>
        </div>
        <div aria-live="polite">
          {exporting.isSuccess && (
            <p className="op-export-done" data-testid="export-done">
              {t('operator.export.done', { file: exporting.data })}
            </p>
          )}
          {exporting.isError && !form.formState.errors.root && (
            <p className="field-error" role="alert">
              {errorText(exporting.error)}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}
