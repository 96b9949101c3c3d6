/**
 * The chosen week's headline figures (common/operatorFigures.ts `headline`), each with its change from the week
 * before; the week in progress compares nothing (a few hours against a whole week would read as a fall).
 */
import type { FigureDefinition, OperatorFigureId } from '../../../../common/operatorFigures';
import type { OperatorWeek } from '../../../../common/schemas/operator';
import { useT } from '../../i18n/useT';
import { figureName } from './FigureChart';
import { useFigureFormat } from './figureFormat';

export function Headlines({
  figures,
  week,
  previous,
  inProgress = false,
}: {
  figures: readonly FigureDefinition[];
  week: OperatorWeek;
  previous: OperatorWeek | undefined;
  inProgress?: boolean;
}) {
  const t = useT();
  const format = useFigureFormat();
  return (
    <section className="op-section" aria-labelledby="op-headlines-title">
      <h2 id="op-headlines-title">{t('operator.headlines.title')}</h2>
      {inProgress && (
        <p className="op-section-lead" data-testid="headlines-in-progress">
          {t('operator.headlines.inProgress')}
        </p>
      )}
      <ul className="op-headlines" data-testid="operator-headlines">
        {figures
          .filter((f) => f.headline)
          .map((f) => {
            const id = f.id as OperatorFigureId;
            const change = format.change(f, week.values[id], previous?.values[id]);
            return (
              <li key={f.id} className="op-headline" data-testid={`headline-${f.id}`}>
                <span className="op-headline-name">{t(figureName(id))}</span>
                <strong className="op-headline-value" data-testid={`headline-value-${f.id}`}>
                  {format.value(f.unit, week.values[id])}
                </strong>
                {!inProgress && (
                  <span
                    className={`op-change op-change--${change.tone}`}
                    data-direction={change.direction}
                    data-testid={`headline-change-${f.id}`}
                  >
                    {change.text}
                  </span>
                )}
              </li>
            );
          })}
      </ul>
    </section>
  );
}
