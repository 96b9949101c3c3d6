/**
 * /operator (members of the operator group): is the marketplace working? It opens on the last whole week (Monday to
 * Sunday, UTC), so that every figure and its change compare whole weeks; the week in progress is one click on (it
 * says how many of its 168 hours have passed, and compares nothing until it ends). Across Albania or in a town and a
 * service (`?town=`, `?service=`). The first screen is the week's headline figures with their change from the week
 * before; a chart per figure over the last 12 weeks, the town x service grid of requests answered within 24 hours
 * and the CSV download are each one tab away (`?view=`). Every figure comes from common/operatorFigures.ts, so a new
 * figure shows here by itself. The figures' weeks are one Query, the grid another (docs/operator-figures.md).
 */
import type { ReactNode } from 'react';
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
import { useSearchChange } from '../../lib/useSearchChange';
import type { MessageId } from '../../i18n/catalog/en';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { useOperatorFigures } from './api/get-figures';
import { ExportForm } from './ExportForm';
import { FigureChart } from './FigureChart';
import { Headlines } from './Headlines';
import { TownServiceGrid } from './TownServiceGrid';
import type { OperatorWeek } from '../../../../common/schemas/operator';
import { WEEK_HOURS, currentWeek, hoursIntoWeek, useWeekLabel } from './weeks';
import './operator.css';

const SERVICES = SERVICE_NAMES.map(serviceId);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What the page shows below the week's controls: the headlines, the charts, the grid or the download. */
const VIEWS = ['summary', 'charts', 'grid', 'export'] as const;
type View = (typeof VIEWS)[number];

/**
 * The week, town, service and view the address asks for (anything else is the default: the last whole week, all of
 * Albania, the headlines).
 */
function useChoice() {
  const [params] = useSearchParams();
  const change = useSearchChange();
  const latest = currentWeek();
  const lastWhole = addWeeks(latest, -1);
  const asked = params.get('week') ?? '';
  const week = DAY.test(asked) && !Number.isNaN(Date.parse(asked)) ? weekStartOf(`${asked}T00:00:00Z`) : lastWhole;
  const town = params.get('town') ?? '';
  const service = params.get('service') ?? '';
  const askedView = params.get('view') ?? '';
  const view: View = (VIEWS as readonly string[]).includes(askedView) ? (askedView as View) : 'summary';
  const scope: FigureScope = {
    ...((TOWNS as readonly string[]).includes(town) ? { town } : {}),
    ...(SERVICES.includes(service) ? { service } : {}),
  };
  const set = (values: Record<string, string>) => change(values, { replace: true });
  /** The week's address value: none for the last whole week (the default). */
  const weekParam = (w: string) => (w === lastWhole ? '' : w);
  return { week: week > latest ? latest : week, latest, lastWhole, scope, view, set, weekParam };
}

/** The chart's weeks ending with `week`, no figure known yet (the loading state's layout). */
const weeksWithoutValues = (week: string): OperatorWeek[] =>
  Array.from({ length: OPERATOR_CHART_WEEKS }, (_, i) => ({
    weekStart: addWeeks(week, i + 1 - OPERATOR_CHART_WEEKS),
    values: Object.fromEntries(OPERATOR_FIGURE_IDS.map((id) => [id, null])) as OperatorWeek['values'],
    counts: {} as OperatorWeek['counts'],
  }));

/** A chart per figure over the weeks. */
function Charts({ figures, weeks }: { figures: readonly FigureDefinition[]; weeks: readonly OperatorWeek[] }) {
  const t = useT();
  return (
    <section className="op-section" aria-labelledby="op-charts-title">
      <h2 id="op-charts-title">{t('operator.charts.title', { weeks: OPERATOR_CHART_WEEKS })}</h2>
      <div className="op-charts">
        {figures.map((f) => (
          <FigureChart key={f.id} figure={f} weeks={weeks} />
        ))}
      </div>
    </section>
  );
}

export default function OperatorPage() {
  const t = useT();
  usePageTitle('operator.title');
  const weekLabel = useWeekLabel();
  const { week, latest, lastWhole, scope, view, set, weekParam } = useChoice();
  const inProgress = week === latest;
  const query = useOperatorFigures(week, OPERATOR_CHART_WEEKS, scope);
  const figures = figuresOfScope(scope);
  const weeks = query.data?.weeks ?? [];
  const nothing = weeks.every((w) => Object.values(w.counts).every((n) => n === 0));
  const serviceName = (id: string) => t(`services.category.${id}` as MessageId);
  const scopeLabel =
    [scope.town, scope.service && serviceName(scope.service)].filter(Boolean).join(' · ') ||
    t('operator.scope.allTowns');
  const tabLabels: Record<View, MessageId> = {
    summary: 'operator.view.summary',
    charts: 'operator.view.charts',
    grid: 'operator.view.grid',
    export: 'operator.view.export',
  };

  // The figures of the week (the headlines) or of the weeks (the charts): loading, error, nothing counted, or them.
  const figuresBody = (shown: (weeks: readonly OperatorWeek[]) => ReactNode) => {
    if (query.isPending)
      // As they will stand, without values, so that nothing below moves when they arrive.
      return (
        <div aria-busy="true" data-testid="figures-loading">
          <p role="status" className="visually-hidden">
            {t('operator.headlines.loading')}
          </p>
          {shown(weeksWithoutValues(week))}
        </div>
      );
    if (query.isError) return <LoadError onRetry={() => void query.refetch()} testId="figures-error" />;
    if (nothing)
      // The cards or charts stand as they loaded (nothing below moves), with what is missing said under them.
      return (
        <>
          {shown(weeks)}
          <div className="empty-state op-empty" data-testid="figures-empty">
            <p>{t('operator.charts.empty', { weeks: OPERATOR_CHART_WEEKS })}</p>
            {week === lastWhole && (
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => set({ week: latest })}
                data-testid="week-in-progress"
              >
                {t('operator.week.seeInProgress')}
              </button>
            )}
          </div>
        </>
      );
    return shown(weeks);
  };

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
            onClick={() => set({ week: weekParam(addWeeks(week, -1)) })}
            data-testid="week-previous"
          >
            {t('operator.week.previous')}
          </button>
          <p className="op-week-label" data-testid="week-label" aria-live="polite">
            <strong>{t('operator.week.label', { date: weekLabel(week) })}</strong>
            {inProgress ? (
              <span className="op-week-note" data-testid="week-hours">
                {t('operator.week.hours', { hours: hoursIntoWeek(week), total: WEEK_HOURS })}
              </span>
            ) : (
              week === lastWhole && <span className="op-week-note">{t('operator.week.lastWhole')}</span>
            )}
          </p>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => set({ week: weekParam(addWeeks(week, 1)) })}
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

      <div className="op-tabs" role="tablist" aria-label={t('operator.views')}>
        {VIEWS.map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            id={`op-tab-${v}`}
            aria-selected={view === v}
            aria-controls="op-view"
            className={view === v ? 'op-tab op-tab--active' : 'op-tab'}
            onClick={() => set({ view: v === 'summary' ? '' : v })}
            data-testid={`view-${v}`}
          >
            {t(tabLabels[v])}
          </button>
        ))}
      </div>

      <div id="op-view" role="tabpanel" aria-labelledby={`op-tab-${view}`}>
        {view === 'summary' &&
          figuresBody((shown) => (
            <Headlines
              figures={figures}
              week={shown[shown.length - 1]}
              previous={shown[shown.length - 2]}
              inProgress={inProgress}
            />
          ))}
        {view === 'charts' && figuresBody((shown) => <Charts figures={figures} weeks={shown} />)}
        {view === 'grid' && <TownServiceGrid week={week} />}
        {view === 'export' && (
          <ExportForm
            figures={figures}
            scope={scope}
            scopeLabel={scopeLabel}
            from={addWeeks(week, 1 - OPERATOR_CHART_WEEKS)}
            to={week}
          />
        )}
      </div>

      <p className="op-method">{t('operator.method', { accuracy: OPERATOR_TIME_ACCURACY_PERCENT })}</p>
    </div>
  );
}
