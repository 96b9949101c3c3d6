/**
 * The idea a request was made like (its picture, a link to it), on the request's pages: the client's own view says
 * "Like this idea", a business's says the client asks for something like this (and, to the idea's own business,
 * that it is invited first).
 */
import { Link } from 'react-router';
import { ideaAppPath } from '../../../../common/ideas';
import type { Post } from '../../../../common/types';
import { SafeImage } from '../../components/SafeImage';
import { useT } from '../../i18n/useT';
import { POST_PLACEHOLDER } from '../../lib/images';
import './ideas.css';

export function PostReference({
  reference,
  ownBusinessId,
  forClient,
}: {
  reference: NonNullable<Post['reference']>;
  /** The business viewing the request, if one is. */
  ownBusinessId?: string;
  forClient?: boolean;
}) {
  const t = useT();
  return (
    <div className="idea-reference" data-testid="post-reference">
      <Link to={ideaAppPath(reference.ideaId)}>
        <SafeImage
          src={reference.picture}
          fallback={POST_PLACEHOLDER}
          alt={t('ideas.post.referenceAlt')}
          width={240}
          height={180}
          sizes="240px"
        />
      </Link>
      <div>
        <p>
          <strong>{forClient ? t('ideas.request.reference') : t('ideas.post.reference')}</strong>
        </p>
        {ownBusinessId === reference.businessId && <p className="small">{t('ideas.post.invitedYou')}</p>}
      </div>
    </div>
  );
}
