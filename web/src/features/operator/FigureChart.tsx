/**
 * One figure over the weeks as a bar chart (an SVG picture with its title and a description that reads out every
 * week's value, so a screen reader hears what the bars show), with the latest value, what the figure means, and the
 * first week and the highest value as labels. A week without a figure is a short grey mark on the baseline.
 */
import { useId } from 'react';
import type { FigureDefinition, OperatorFigureId } from '../../../../common/operatorFigures';
import type { MessageId } from '../../i18n/catalog/en';
import { useT } from '../../i18n/useT';
import type { OperatorWeek } from '../../../../common/schemas/operator';
import { useFigureFormat } from './figureFormat';
import { useWeekLabel } from './weeks';

const WIDTH = 320;
const HEIGHT = 110;
const GAP = 4;

export const figureName = (id: OperatorFigureId): MessageId => `operator.figure.${id}`;
export const figureAbout = (id: OperatorFigureId): MessageId => `operator.about.${id}`;

export function FigureChart({ figure, weeks }: { figure: FigureDefinition; weeks: readonly OperatorWeek[] }) {
  const t = useT();
  const format = useFigureFormat();
  const weekLabel = useWeekLabel();
  const id = useId();
  const figureId = figure.id as OperatorFigureId;
  const values = weeks.map((w) => w.values[figureId]);
  const top = Math.max(0, ...values.filter((v): v is number => v !== null));
  const barWidth = (WIDTH - GAP * (weeks.length - 1)) / Math.max(1, weeks.length);
  const name = t(figureName(figureId));
  const series = weeks
    .map((w, i) =>
      t('operator.chart.point', { date: weekLabel(w.weekStart), value: format.value(figure.unit, values[i]) }),
    )
    .join('; ');
  const latest = values[values.length - 1];
  return (
    <article className="op-chart" data-testid={`chart-${figure.id}`}>
      <header className="op-chart-head">
        <h3 id={`${id}-title`}>{name}</h3>
        <p className="op-chart-latest" data-testid={`chart-latest-${figure.id}`}>
          {format.value(figure.unit, latest)}
        </p>
      </header>
      <p className="op-chart-about">{t(figureAbout(figureId))}</p>
      <p className="op-chart-top">{t('operator.chart.top', { value: format.value(figure.unit, top) })}</p>
      <svg
        className="op-chart-svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={`${id}-svg-title ${id}-desc`}
      >
        <title id={`${id}-svg-title`}>{name}</title>
        <desc id={`${id}-desc`}>{t('operator.chart.desc', { figure: name, series })}</desc>
        <line x1="0" x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="op-chart-axis" />
        {values.map((v, i) => {
          const x = i * (barWidth + GAP);
          const last = i === values.length - 1;
          if (v === null)
            return (
              <rect key={weeks[i].weekStart} x={x} y={HEIGHT - 3} width={barWidth} height={3} className="op-bar-none" />
            );
          const h = top > 0 ? Math.max(v > 0 ? 2 : 0, (v / top) * (HEIGHT - 6)) : 0;
          return (
            <rect
              key={weeks[i].weekStart}
              x={x}
              y={HEIGHT - h}
              width={barWidth}
              height={h}
              rx={2}
              className={last ? 'op-bar op-bar--current' : 'op-bar'}
            >
              <title>
                {t('operator.chart.point', {
                  date: weekLabel(weeks[i].weekStart),
                  value: format.value(figure.unit, v),
                })}
              </title>
            </rect>
          );
        })}
      </svg>
      <p className="op-chart-axis-labels" aria-hidden="true">
        <span>{weeks.length ? t('operator.chart.first', { date: weekLabel(weeks[0].weekStart) }) : ''}</span>
        <span>{weeks.length ? weekLabel(weeks[weeks.length - 1].weekStart) : ''}</span>
      </p>
    </article>
  );
}
