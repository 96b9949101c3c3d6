/**
 * One idea in a grid: its picture (4:3, its processed widths), caption and business, the band its client lets show,
 * and the actions the screen gives it (remove from a board, use as a reference...). The picture opens the idea.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ideaAppPath } from '../../../../common/ideas';
import type { Idea } from '../../../../common/types';
import { SafeImage } from '../../components/SafeImage';
import { useT } from '../../i18n/useT';
import { POST_PLACEHOLDER } from '../../lib/images';
import { useIdeaTexts } from './ideaTexts';
import './ideas.css';

export function IdeaTile({
  idea,
  actions,
  eager,
  to = ideaAppPath(idea._id),
  testId = 'idea-tile',
}: {
  idea: Idea;
  actions?: ReactNode;
  eager?: boolean;
  /** Where the picture leads (the app's idea page). */
  to?: string;
  testId?: string;
}) {
  const t = useT();
  const texts = useIdeaTexts();
  const caption = texts.caption(idea);
  return (
    <li className="idea-tile" data-testid={testId}>
      <Link to={to} className="idea-tile-link">
        <SafeImage
          src={idea.picture}
          fallback={POST_PLACEHOLDER}
          alt={caption}
          width={640}
          height={480}
          sizes="(max-width: 640px) 50vw, 300px"
          className="idea-tile-picture"
          eager={eager}
        />
        <span className="idea-tile-caption">
          <strong>{caption}</strong>
          <span className="muted small">{t('ideas.by', { business: idea.business.businessName })}</span>
        </span>
      </Link>
      {idea.priceBand && <span className="idea-tile-band">{texts.band(idea.priceBand)}</span>}
      {actions && <div className="idea-tile-actions">{actions}</div>}
    </li>
  );
}
