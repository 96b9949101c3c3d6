/** The town picker used by every form and filter: the one TOWNS list in Albanian order, with an empty first choice. */
import type { SelectHTMLAttributes } from 'react';
import { TOWNS } from '../../../common/constants';
import { albanianOrder } from '../i18n/format';
import { useT } from '../i18n/useT';

/** The towns as Albanians sort them (Ç after C, Ë after E); names stay as they are in every language. */
export const TOWNS_IN_ORDER: readonly string[] = [...TOWNS].sort(albanianOrder.compare);

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'children'> & {
  onChange: (town: string) => void;
  /** Text of the empty choice, already in the chosen language ('Select a town' without it). */
  placeholder?: string;
  'data-testid'?: string;
};

export function TownSelect({ onChange, placeholder, className = 'select', ...rest }: Props) {
  const t = useT();
  return (
    <select className={className} {...rest} onChange={(e) => onChange(e.target.value)}>
      <option value="">{placeholder ?? t('common.selectTown')}</option>
      {TOWNS_IN_ORDER.map((town) => (
        <option key={town} value={town}>
          {town}
        </option>
      ))}
    </select>
  );
}
