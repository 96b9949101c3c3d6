/**
 * "Show in Ideas" (or, for a picture that is an idea, its room) beside one of the business's own pictures: opens the
 * tag dialog, which loads with the form library and the schemas when it is first opened (fetched ahead on hover or
 * focus), so the profile does not download them on its first visit.
 */
import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Idea } from '../../../../common/types';
import { useT } from '../../i18n/useT';
import type { TagIdeaTarget } from './TagIdeaDialog';

const loadDialog = () => import('./TagIdeaDialog');
const TagIdeaDialog = lazy(() => loadDialog().then((m) => ({ default: m.TagIdeaDialog })));

export function TagIdeaButton({
  target,
  onSaved,
  testId = 'tag-idea',
}: {
  target: TagIdeaTarget;
  onSaved?: (idea: Idea | undefined) => void;
  testId?: string;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={target.idea ? 'btn btn-ghost btn-sm idea-tagged' : 'btn btn-secondary btn-sm'}
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        data-testid={testId}
      >
        {target.idea ? t('ideas.tags.edit', { room: t(`ideas.room.${target.idea.room}`) }) : t('ideas.tags.add')}
      </button>
      {open &&
        createPortal(
          <Suspense fallback={null}>
            <TagIdeaDialog target={target} onClose={() => setOpen(false)} onSaved={onSaved} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}
