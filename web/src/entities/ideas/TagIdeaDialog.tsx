/**
 * The tags of one of the business's pictures among the ideas: a room (required), a style (or none) and a service
 * (of the job, else the business's), suggested from its services and its last pictures (common/ideas.ts
 * suggestIdeaTags). Saving calls POST /ideas (a new idea, or new tags of it); "Take out of Ideas" deletes it (the
 * picture stays in the portfolio). Checked with the shared field schemas of common/schemas/ideas.ts, loaded with the
 * dialog (TagIdeaButton opens it).
 */
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { IDEA_ROOMS, IDEA_STYLES, suggestIdeaTags, type IdeaRoom, type IdeaStyle } from '../../../../common/ideas';
import { ideaRoomSchema, ideaServiceSchema, ideaStyleSchema } from '../../../../common/schemas/ideas';
import type { Idea } from '../../../../common/types';
import { Modal } from '../../components/Modal';
import { SafeImage } from '../../components/SafeImage';
import type { MessageId } from '../../i18n/catalog/en';
import { useErrorText } from '../../i18n/errors';
import { useT } from '../../i18n/useT';
import { FieldError, useApiFieldErrors, useSchemaResolver, type FieldLabels } from '../../lib/forms';
import { POST_PLACEHOLDER } from '../../lib/images';
import { useDeleteIdea } from './api/delete-idea';
import { useTagIdea } from './api/tag-idea';

interface TagForm {
  room: string;
  style: string;
  service: string;
}

/** The form's values as the API takes them (no style: null). */
const tagFormSchema = z.object({
  room: ideaRoomSchema,
  style: z.union([ideaStyleSchema, z.literal('').transform(() => null)]),
  // None asked (a job's picture): the API takes the job's service.
  service: z.union([ideaServiceSchema, z.literal('').transform(() => undefined)]),
});

const LABELS: FieldLabels = { room: 'ideas.tags.room', style: 'ideas.tags.style', service: 'ideas.tags.service' };
const FIELDS = ['room', 'style', 'service'] as const;

export interface TagIdeaTarget {
  /** The picture: its upload key or its address. */
  picture: string;
  /** A finished job's picture: the job's request. */
  postId?: string;
  /** Its idea, when it is one already. */
  idea?: Idea;
  /** The services a portfolio picture may be shown under (the business's); none for a job's (the job's own). */
  services: string[];
  /** The business's last ideas (the suggestion reads their tags). */
  recent: { room: IdeaRoom; style?: IdeaStyle }[];
}

export function TagIdeaDialog({
  target,
  onClose,
  onSaved,
}: {
  target: TagIdeaTarget;
  onClose: () => void;
  onSaved?: (idea: Idea | undefined) => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const tag = useTagIdea();
  const remove = useDeleteIdea();
  const resolver = useSchemaResolver<TagForm, z.output<typeof tagFormSchema>>(tagFormSchema, LABELS);
  const applyApiErrors = useApiFieldErrors(LABELS);
  const suggested = useMemo(
    () => suggestIdeaTags({ services: target.services, recent: target.recent }),
    [target.services, target.recent],
  );
  const form = useForm<TagForm, unknown, z.output<typeof tagFormSchema>>({
    resolver,
    defaultValues: {
      room: target.idea?.room ?? suggested.room ?? '',
      style: target.idea ? (target.idea.style ?? '') : (suggested.style ?? ''),
      service: target.services.length ? (target.idea?.service ?? suggested.service ?? target.services[0]) : '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => tag.reset, [tag.reset]);
  const busy = isSubmitting || remove.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const idea = await tag.mutateAsync({
        picture: target.picture,
        ...(target.postId ? { postId: target.postId } : {}),
        room: values.room,
        style: values.style,
        ...(values.service ? { service: values.service } : {}),
      });
      onSaved?.(idea);
      onClose();
    } catch (err) {
      if (!applyApiErrors(err, form.setError, FIELDS)) form.setError('root', { message: errorText(err) });
    }
  });

  const takeOut = async () => {
    if (!target.idea) return;
    try {
      await remove.mutateAsync(target.idea._id);
      onSaved?.(undefined);
      onClose();
    } catch (err) {
      form.setError('root', { message: errorText(err) });
    }
  };

  const described = (field: keyof TagForm) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `tag-${field}-error` } : {};

  return (
    <Modal open title={t('ideas.tags.title')} onClose={() => !busy && onClose()} testId="tag-idea-dialog">
      <form className="idea-tag-form" onSubmit={onSubmit} noValidate>
        <SafeImage
          src={target.picture}
          fallback={POST_PLACEHOLDER}
          alt=""
          width={640}
          height={480}
          sizes="480px"
          className="idea-tag-preview"
          eager
        />
        <p className="muted small">{t('ideas.tags.lead')}</p>
        <div className="field">
          <label htmlFor="tag-room">{t('ideas.tags.room')}</label>
          <select id="tag-room" className="select" {...described('room')} {...form.register('room')}>
            <option value="">{t('ideas.tags.roomPlaceholder')}</option>
            {IDEA_ROOMS.map((room) => (
              <option key={room} value={room}>
                {t(`ideas.room.${room}`)}
              </option>
            ))}
          </select>
          <FieldError id="tag-room-error" message={errors.room?.message} />
        </div>
        <div className="field">
          <label htmlFor="tag-style">{t('ideas.tags.style')}</label>
          <select id="tag-style" className="select" {...described('style')} {...form.register('style')}>
            <option value="">{t('ideas.tags.noStyle')}</option>
            {IDEA_STYLES.map((style) => (
              <option key={style} value={style}>
                {t(`ideas.style.${style}`)}
              </option>
            ))}
          </select>
          <FieldError id="tag-style-error" message={errors.style?.message} />
        </div>
        {target.services.length > 0 && (
          <div className="field">
            <label htmlFor="tag-service">{t('ideas.tags.service')}</label>
            <select id="tag-service" className="select" {...described('service')} {...form.register('service')}>
              {target.services.map((service) => (
                <option key={service} value={service}>
                  {t(`services.category.${service}` as MessageId)}
                </option>
              ))}
            </select>
            <FieldError id="tag-service-error" message={errors.service?.message} />
          </div>
        )}
        {!target.idea && (suggested.room || suggested.style) && (
          <p className="muted small">{t('ideas.tags.suggested')}</p>
        )}
        {errors.root?.message && (
          <p className="field-error" role="alert" data-testid="tag-idea-error">
            {errors.root.message}
          </p>
        )}
        <div className="idea-tag-actions">
          {target.idea ? (
            <button type="button" className="btn btn-ghost" onClick={() => void takeOut()} disabled={busy}>
              {t('ideas.tags.remove')}
            </button>
          ) : (
            <span />
          )}
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="tag-idea-save">
            {isSubmitting ? t('ideas.tags.saving') : t('ideas.tags.save')}
          </button>
        </div>
        {target.idea && <p className="muted small">{t('ideas.tags.removeHint')}</p>}
      </form>
    </Modal>
  );
}
