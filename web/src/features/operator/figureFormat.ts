/**
 * How the operator's figures read in the chosen language: common/operatorFigures.ts words a value by its unit and the
 * change from the week before (the weekly email words them the same way); this gives it the catalogue's texts and the
 * language's number format; money reads in the currency the stage charges (the payments' own, common/payments.ts),
 * with cents when it has them.
 */
import { useMemo } from 'react';
import { useIntl } from '../../i18n/intl';
import {
  figureChange,
  figureValueText,
  type FigureDefinition,
  type FigureUnit,
  type FigureWords,
} from '../../../../common/operatorFigures';
import { useChargeMoney } from '../../entities/payments/ChargeNote';
import { useT } from '../../i18n/useT';

export function useFigureFormat() {
  const intl = useIntl();
  const t = useT();
  const money = useChargeMoney();
  return useMemo(() => {
    const words: FigureWords = {
      number: (n, options) => intl.formatNumber(n, options),
      text: (id, values) => t(id, values),
      money: (n) => money(n),
    };
    return {
      value: (unit: FigureUnit, v: number | null | undefined) => figureValueText(unit, v, words),
      change: (figure: FigureDefinition, current: number | null | undefined, previous: number | null | undefined) =>
        figureChange(figure, current, previous, words),
    };
  }, [intl, t, money]);
}
