/**
 * Forms: react-hook-form with the API's own request schemas (common/schemas) as resolver, and the
 * API's field errors (`errors[]` of an error answer) shown beside the fields they name. Every field
 * error is shown in the chosen language: a refusal is turned into a code (the API's, common/errors.ts,
 * or one for the kind of zod issue) and the catalogue's `errors.field.<code>` text names the field by
 * its label, so the schema's English messages are never shown.
 */
import { useEffect, useMemo } from 'react';
import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError as FormFieldError, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import { useIntl, type IntlShape } from '../i18n/intl';
import type * as z from 'zod';
import type { MessageId } from '../i18n/catalog/en';
import { ApiError } from './api';
import { onFirstInteraction } from './firstInteraction';

/** Each form field's label message (what the error texts call the field). */
export type FieldLabels = Readonly<Record<string, MessageId>>;

/** One refusal of a field, in the terms the catalogue's field texts use. */
export interface FieldProblem {
  code: string;
  min?: number;
  max?: number;
}

const valueAt = (values: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>(
    (v, key) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined),
    values,
  );

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The kind of refusal a zod issue of a shared schema is (its own code when it names one). */
export function fieldProblem(issue: z.core.$ZodIssue, value: unknown): FieldProblem {
  const named = (issue as { params?: { code?: unknown } }).params?.code;
  if (typeof named === 'string') return { code: named };
  switch (issue.code) {
    case 'invalid_type':
      if (isEmpty(value)) return { code: 'FIELD_REQUIRED' };
      return { code: issue.expected === 'int' ? 'NOT_A_WHOLE_NUMBER' : 'INVALID_VALUE' };
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'number') {
        return min === 0 && !issue.inclusive ? { code: 'NUMBER_NOT_POSITIVE' } : { code: 'NUMBER_TOO_SMALL', min };
      }
      if (isEmpty(value) || min <= 1) return { code: 'FIELD_REQUIRED' };
      return { code: 'FIELD_TOO_SHORT', min };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'number') return { code: 'NUMBER_TOO_LARGE', max };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'TOO_MANY_ITEMS', max };
      return { code: 'FIELD_TOO_LONG', max };
    }
    case 'invalid_format':
      return { code: issue.format === 'email' ? 'INVALID_EMAIL' : 'INVALID_VALUE' };
    case 'not_multiple_of':
      return { code: 'NOT_A_WHOLE_NUMBER' };
    default:
      return isEmpty(value) ? { code: 'FIELD_REQUIRED' } : { code: 'INVALID_VALUE' };
  }
}

/** The text of a field's refusal in the current language. */
export function fieldProblemText(intl: IntlShape, field: string, problem: FieldProblem, labels: FieldLabels): string {
  const known = `errors.field.${problem.code}` in intl.messages;
  const id = (known ? `errors.field.${problem.code}` : 'errors.field.INVALID_VALUE') as MessageId;
  const label = labels[field] ? intl.formatMessage({ id: labels[field] }) : field;
  return intl.formatMessage({ id }, { field: label, min: problem.min ?? 0, max: problem.max ?? 'none' });
}

/**
 * A form's shared request schema, or a loader of it: `() => import('<common/schemas module>').then(...)`.
 * A page whose form shows on its first paint passes a loader (and imports the schema module with
 * `import type` only), so zod is not in the page's first download: the form draws and takes input at
 * once, the schema is fetched when the visitor first acts on the page (a focus, key or tap: a visitor who
 * only looks never downloads it), and the first check waits for it if it has not arrived yet.
 */
export type SchemaSource<TIn extends FieldValues, TOut> = z.ZodType<TOut, TIn> | (() => Promise<z.ZodType<TOut, TIn>>);

/** Each loader's one fetch (a loader is a module-level constant, so each schema is fetched once). */
const loaded = new WeakMap<() => Promise<unknown>, Promise<unknown>>();

function schemaOf<TIn extends FieldValues, TOut>(source: SchemaSource<TIn, TOut>): Promise<z.ZodType<TOut, TIn>> {
  if (typeof source !== 'function') return Promise.resolve(source);
  let schema = loaded.get(source);
  if (!schema) {
    schema = source();
    // A failed fetch (a dropped connection) is tried again at the next check.
    schema.catch(() => loaded.delete(source));
    loaded.set(source, schema);
  }
  return schema as Promise<z.ZodType<TOut, TIn>>;
}

/** Fetches a loader's schema when the visitor first acts on the page. */
function preload(source: SchemaSource<FieldValues, unknown>): () => void {
  if (typeof source !== 'function') return () => {};
  return onFirstInteraction(() => void schemaOf(source).catch(() => {}));
}

/**
 * A react-hook-form resolver that checks the form's values with a shared request schema (or the one a
 * loader fetches, see SchemaSource) and names each refusal in the current language (the first refusal
 * per field).
 */
export function useSchemaResolver<TIn extends FieldValues, TOut>(
  source: SchemaSource<TIn, TOut>,
  labels: FieldLabels,
): Resolver<TIn, unknown, TOut> {
  const intl = useIntl();
  useEffect(() => preload(source as SchemaSource<FieldValues, unknown>), [source]);
  return useMemo<Resolver<TIn, unknown, TOut>>(
    () => async (values, _context, options) => {
      const schema = await schemaOf(source);
      const result = await schema.safeParseAsync(values);
      if (result.success) {
        if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
        return { values: result.data, errors: {} };
      }
      const flat: Record<string, FormFieldError> = Object.create(null);
      for (const issue of result.error.issues) {
        const path = issue.path.map(String).join('.');
        if (flat[path]) continue;
        const problem = fieldProblem(issue, valueAt(values, issue.path));
        flat[path] = { type: problem.code, message: fieldProblemText(intl, path, problem, labels) };
      }
      return { values: {}, errors: toNestErrors(flat, options) };
    },
    [source, labels, intl],
  );
}

/**
 * Puts the field errors of an ApiError on the form's fields (matched by `field`; `rename` maps an API
 * field name to a form field where they differ), worded in the current language. Answers true when at
 * least one field got its error, so the caller shows a general message only for the rest.
 */
export function useApiFieldErrors(labels: FieldLabels) {
  const intl = useIntl();
  return function applyApiErrors<T extends FieldValues>(
    err: unknown,
    setError: UseFormSetError<T>,
    fields: readonly Path<T>[],
    rename: Partial<Record<string, Path<T>>> = {},
  ): boolean {
    if (!(err instanceof ApiError) || !err.errors?.length) return false;
    let placed = false;
    for (const e of err.errors) {
      const name = rename[e.field] ?? (fields as readonly string[]).find((f) => f === e.field);
      if (!name) continue;
      const message = fieldProblemText(intl, name, { code: e.code ?? 'INVALID_VALUE' }, labels);
      setError(name as Path<T>, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    }
    return placed;
  };
}

/** The error text of one field, beside it (linked by `id` from the input's aria-describedby). */
export function FieldError({ id, message, testId }: { id: string; message?: string; testId?: string }) {
  if (!message) return null;
  return (
    <p className="field-error" id={id} role="alert" data-testid={testId}>
      {message}
    </p>
  );
}
