/**
 * /operator (members of the operator group): is the marketplace working? For the chosen week (this one unless the
 * address says `?week=`), across Albania or in a town and a service (`?town=`, `?service=`): the headline figures
 * with their change from the week before, the town x service grid of requests answered within 24 hours, a chart per
 * figure over the last 12 weeks, and a CSV download. Every figure comes from common/operatorFigures.ts, so a new
 * figure shows here by itself. The figures' weeks are one Query, the grid another (docs/operator-figures.md).
 */
import { useSearchParams } from 'react-router';
import { SERVICE_NAMES, TOWNS, serviceId } from '../../../../common/constants';
import {
  OPERATOR_CHART_WEEKS,
  OPERATOR_FIGURE_IDS,
  OPERATOR_TIME_ACCURACY_PERCENT,
  addWeeks,
  figuresOfScope,
  isCountry,
  type FigureDefinition,
  type FigureScope,
} from '../../../../common/operatorFigures';
import { weekStartOf } from '../../../../common/moderation';
import { LoadError } from '../../components/LoadError';
import { TownSelect } from '../../components/TownSelect';
import type { MessageId } from '../../i18n/catalog/en';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { useOperatorFigures } from './api/get-figures';
import { ExportForm } from './ExportForm';
import { FigureChart } from './FigureChart';
import { Headlines } from './Headlines';
import { TownServiceGrid } from './TownServiceGrid';
import type { OperatorWeek } from '../../../../common/schemas/operator';
import { currentWeek, useWeekLabel } from './weeks';
import './operator.css';

const SERVICES = SERVICE_NAMES.map(serviceId);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The week, town and service the address asks for (anything else is the default: this week, all of Albania). */
function useChoice() {
  const [params, setParams] = useSearchParams();
  const latest = currentWeek();
  const asked = params.get('week') ?? '';
  const week = DAY.test(asked) && !Number.isNaN(Date.parse(asked)) ? weekStartOf(`${asked}T00:00:00Z`) : latest;
  const town = params.get('town') ?? '';
  const service = params.get('service') ?? '';
  const scope: FigureScope = {
    ...((TOWNS as readonly string[]).includes(town) ? { town } : {}),
    ...(SERVICES.includes(service) ? { service } : {}),
  };
  const set = (change: Record<string, string>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(change))
          if (v) next.set(k, v);
          else next.delete(k);
        return next;
      },
      { replace: true },
    );
  return { week: week > latest ? latest : week, latest, scope, set };
}

/** The chart's weeks ending with `week`, no figure known yet (the loading state's layout). */
const weeksWithoutValues = (week: string): OperatorWeek[] =>
  Array.from({ length: OPERATOR_CHART_WEEKS }, (_, i) => ({
    weekStart: addWeeks(week, i + 1 - OPERATOR_CHART_WEEKS),
    values: Object.fromEntries(OPERATOR_FIGURE_IDS.map((id) => [id, null])) as OperatorWeek['values'],
    counts: {} as OperatorWeek['counts'],
  }));

/** The week's headline cards and a chart per figure over the weeks. */
function FiguresView({ figures, weeks }: { figures: readonly FigureDefinition[]; weeks: readonly OperatorWeek[] }) {
  const t = useT();
  return (
    <>
      <Headlines figures={figures} week={weeks[weeks.length - 1]} previous={weeks[weeks.length - 2]} />
      <section className="op-section" aria-labelledby="op-charts-title">
        <h2 id="op-charts-title">{t('operator.charts.title', { weeks: OPERATOR_CHART_WEEKS })}</h2>
        <div className="op-charts">
          {figures.map((f) => (
            <FigureChart key={f.id} figure={f} weeks={weeks} />
          ))}
        </div>
      </section>
    </>
  );
}

export default function OperatorPage() {
  const t = useT();
  usePageTitle('operator.title');
  const weekLabel = useWeekLabel();
  const { week, latest, scope, set } = useChoice();
  const query = useOperatorFigures(week, OPERATOR_CHART_WEEKS, scope);
  const figures = figuresOfScope(scope);
  const weeks = query.data?.weeks ?? [];
  const nothing = weeks.every((w) => Object.values(w.counts).every((n) => n === 0));
  const serviceName = (id: string) => t(`services.category.${id}` as MessageId);
  const scopeLabel =
    [scope.town, scope.service && serviceName(scope.service)].filter(Boolean).join(' · ') ||
    t('operator.scope.allTowns');

  let figuresBody;
  if (query.isPending)
    // The cards and charts as they will stand, without values, so that nothing below moves when they arrive.
    figuresBody = (
      <div aria-busy="true" data-testid="figures-loading">
        <p role="status" className="visually-hidden">
          {t('operator.headlines.loading')}
        </p>
        <FiguresView figures={figures} weeks={weeksWithoutValues(week)} />
      </div>
    );
  else if (query.isError) figuresBody = <LoadError onRetry={() => void query.refetch()} testId="figures-error" />;
  else if (nothing)
    figuresBody = (
      <p className="empty-state" data-testid="figures-empty">
        {t('operator.charts.empty', { weeks: OPERATOR_CHART_WEEKS })}
      </p>
    );
  else figuresBody = <FiguresView figures={figures} weeks={weeks} />;

  return (
    <div className="page op-page">
      <header className="op-header">
        <h1>{t('operator.title')}</h1>
        <p className="op-lead">{t('operator.lead')}</p>
      </header>

      <div className="op-controls">
        <nav className="op-week" aria-label={t('operator.week.nav')}>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => set({ week: addWeeks(week, -1) })}
            data-testid="week-previous"
          >
            {t('operator.week.previous')}
          </button>
          <p className="op-week-label" data-testid="week-label" aria-live="polite">
            <strong>{t('operator.week.label', { date: weekLabel(week) })}</strong>
            {week === latest && <span className="op-week-note">{t('operator.week.inProgress')}</span>}
          </p>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => set({ week: addWeeks(week, 1) === latest ? '' : addWeeks(week, 1) })}
            disabled={week >= latest}
            data-testid="week-next"
          >
            {t('operator.week.next')}
          </button>
        </nav>
        <fieldset className="op-scope">
          <legend className="visually-hidden">{t('operator.scope.label')}</legend>
          <div className="field">
            <label htmlFor="op-town">{t('operator.scope.town')}</label>
            <TownSelect
              id="op-town"
              value={scope.town ?? ''}
              placeholder={t('operator.scope.allTowns')}
              onChange={(town) => set({ town })}
              data-testid="scope-town"
            />
          </div>
          <div className="field">
            <label htmlFor="op-service">{t('operator.scope.service')}</label>
            <select
              id="op-service"
              className="select"
              value={scope.service ?? ''}
              onChange={(e) => set({ service: e.target.value })}
              data-testid="scope-service"
            >
              <option value="">{t('operator.scope.allServices')}</option>
              {SERVICES.map((s) => (
                <option key={s} value={s}>
                  {serviceName(s)}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
      </div>
      {!isCountry(scope) && <p className="op-note">{t('operator.scope.countryOnly')}</p>}

      {figuresBody}

      <TownServiceGrid week={week} />

      <ExportForm
        figures={figures}
        scope={scope}
        scopeLabel={scopeLabel}
        from={addWeeks(week, 1 - OPERATOR_CHART_WEEKS)}
        to={week}
      />

      <p className="op-method">{t('operator.method', { accuracy: OPERATOR_TIME_ACCURACY_PERCENT })}</p>
    </div>
  );
}
