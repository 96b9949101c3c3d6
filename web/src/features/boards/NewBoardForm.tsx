/**
 * A new board's form (its name, checked with POST /boards's own schema, loaded apart from the page): on My ideas,
 * and on an idea's page, where the idea is saved to the board made (`onCreated`).
 */
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import { BOARD_NAME_MAX } from '../../../../common/ideas';
import type { createBoardBody } from '../../../../common/schemas/ideas';
import type { Board } from '../../../../common/types';
import { useErrorText } from '../../i18n/errors';
import { useT } from '../../i18n/useT';
import { FieldError, useApiFieldErrors, useSchemaResolver, type FieldLabels } from '../../lib/forms';
import { useCreateBoard } from './api/create-board';

type BoardFields = z.output<typeof createBoardBody>;
const loadBoardSchema = () => import('../../../../common/schemas/ideas').then(({ createBoardBody }) => createBoardBody);
const LABELS: FieldLabels = { name: 'ideas.boards.name' };

export function NewBoardForm({
  onCreated,
  className = 'card card-body bd-new',
  testId = 'board-create',
}: {
  onCreated?: (board: Board) => Promise<void> | void;
  className?: string;
  testId?: string;
}) {
  const t = useT();
  const errorText = useErrorText();
  const create = useCreateBoard();
  const resolver = useSchemaResolver<{ name: string }, BoardFields>(loadBoardSchema, LABELS);
  const applyApiErrors = useApiFieldErrors(LABELS);
  const form = useForm<{ name: string }, unknown, BoardFields>({ resolver, defaultValues: { name: '' } });
  const { errors, isSubmitting } = form.formState;
  const inputId = `${testId}-name`;
  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      const board = await create.mutateAsync(name);
      form.reset();
      await onCreated?.(board);
    } catch (err) {
      if (!applyApiErrors(err, form.setError, ['name'])) form.setError('name', { message: errorText(err) });
    }
  });
  return (
    <form className={className} onSubmit={onSubmit} noValidate>
      <label htmlFor={inputId}>{t('ideas.boards.new')}</label>
      <div className="bd-new-row">
        <input
          id={inputId}
          className="input"
          maxLength={BOARD_NAME_MAX}
          placeholder={t('ideas.boards.namePlaceholder')}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${inputId}-error` : undefined}
          {...form.register('name')}
        />
        <button type="submit" className="btn btn-primary" disabled={isSubmitting} data-testid={testId}>
          {isSubmitting ? t('ideas.boards.creating') : t('ideas.boards.create')}
        </button>
      </div>
      <FieldError id={`${inputId}-error`} message={errors.name?.message} testId={`${testId}-error`} />
    </form>
  );
}
