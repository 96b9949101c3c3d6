/**
 * Forms: react-hook-form with the API's own request schemas (common/schemas) as resolver, and the
 * API's field errors (`errors[]` of an error answer) shown beside the fields they name.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/**
 * Puts the field errors of an ApiError on the form's fields (matched by `field`; `fields` maps an
 * API field name to a form field where they differ). Answers true when at least one field got its
 * error, so the caller shows a general message only for the rest.
 */
export function applyApiErrors<T extends FieldValues>(
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
    setError(name as Path<T>, { type: 'server', message: e.message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
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
