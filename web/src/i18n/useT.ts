/** `t(id, values)`: the text of a message id in the current language (ids are checked by TypeScript). */
import { useCallback } from 'react';
import { useIntl } from './intl';
import type { MessageId } from './catalog/en';

export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;
export type Translate = (id: MessageId, values?: MessageValues) => string;

export function useT(): Translate {
  const intl = useIntl();
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl]);
}
