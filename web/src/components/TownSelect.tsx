/** The town picker used by every form and filter: the one TOWNS list, with an empty first choice. */
import type { SelectHTMLAttributes } from 'react';
import { TOWNS } from '../../../common/constants';

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'children'> & {
  onChange: (town: string) => void;
  /** Text of the empty choice. */
  placeholder?: string;
  'data-testid'?: string;
};

export function TownSelect({ onChange, placeholder = 'Select a town', className = 'select', ...rest }: Props) {
  return (
    <select className={className} {...rest} onChange={(e) => onChange(e.target.value)}>
      <option value="">{placeholder}</option>
      {TOWNS.map((t) => (
        <option key={t} value={t}>
          {t}
        </option>
      ))}
    </select>
  );
}
