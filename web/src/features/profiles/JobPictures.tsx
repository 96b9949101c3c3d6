/**
 * A finished job's pictures among the ideas, on its business's own profile: the pictures of the finished work (each
 * an idea in the job's town, tagged with a room and style), "Add a picture" (uploaded, then tagged), at most
 * MAX_JOB_PICTURES; and whether the job's client lets the price band show with them.
 */
import { useRef, useState, type ChangeEvent } from 'react';
import { MAX_JOB_PICTURES } from '../../../../common/ideas';
import { LIMITS, UPLOAD_CONTENT_TYPES } from '../../../../common/constants';
import type { Idea } from '../../../../common/types';
import { SafeImage } from '../../components/SafeImage';
import { useErrorText } from '../../i18n/errors';
import { useT } from '../../i18n/useT';
import { POST_PLACEHOLDER } from '../../lib/images';
import { UploadError, uploadImage } from '../../lib/upload';
import { TagIdeaButton } from '../../entities/ideas/TagIdeaButton';
import { useIdeaTexts } from '../../entities/ideas/ideaTexts';

export function JobPictures({
  postId,
  ideas,
  services,
  recent,
}: {
  postId: string;
  /** The business's ideas of this job. */
  ideas: Idea[];
  services: string[];
  recent: Idea[];
}) {
  const t = useT();
  const texts = useIdeaTexts();
  const errorText = useErrorText();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const band = ideas.find((i) => i.priceBand)?.priceBand;

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type) || file.size > LIMITS.maxImageBytes) {
      setError(t('profiles.catalogue.refused', { max: MAX_JOB_PICTURES, full: 'no' }));
      return;
    }
    setUploading(true);
    setError(null);
    try {
      setUploaded((await uploadImage(file)).key);
    } catch (err) {
      setError(err instanceof UploadError ? t('profiles.catalogue.uploadFailed') : errorText(err));
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="pf-job-pictures" data-testid="job-pictures">
      <p className="pf-job-pictures-title">
        <strong>{t('ideas.job.title')}</strong>
      </p>
      <p className="muted small">{t('ideas.job.lead')}</p>
      {ideas.length > 0 && (
        <ul className="pf-job-picture-list">
          {ideas.map((idea) => (
            <li key={idea._id}>
              <SafeImage
                src={idea.picture}
                fallback={POST_PLACEHOLDER}
                alt={texts.caption(idea)}
                width={160}
                height={120}
                sizes="160px"
              />
              <TagIdeaButton
                target={{ picture: idea.picture, postId, idea, services, recent }}
                testId="job-picture-tags"
              />
            </li>
          ))}
        </ul>
      )}
      <p className="muted small">
        {band ? t('ideas.job.bandShown', { band: texts.band(band) }) : t('ideas.job.bandHidden')}
      </p>
      {ideas.length >= MAX_JOB_PICTURES ? (
        <p className="muted small">{t('ideas.job.full', { max: MAX_JOB_PICTURES })}</p>
      ) : (
        <>
          <input
            ref={input}
            type="file"
            accept="image/*"
            hidden
            onChange={(e) => void choose(e)}
            data-testid="job-picture-file"
          />
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => input.current?.click()}
            disabled={uploading}
            data-testid="job-picture-add"
          >
            {uploading ? t('ideas.job.uploading') : t('ideas.job.add')}
          </button>
        </>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {uploaded && (
        <NewPictureTags
          picture={uploaded}
          postId={postId}
          services={services}
          recent={recent}
          onDone={() => setUploaded(null)}
        />
      )}
    </div>
  );
}

/** The tag dialog of a picture just uploaded (it becomes an idea once its tags are saved). */
function NewPictureTags({
  picture,
  postId,
  services,
  recent,
  onDone,
}: {
  picture: string;
  postId: string;
  services: string[];
  recent: Idea[];
  onDone: () => void;
}) {
  const t = useT();
  return (
    <div className="pf-job-new">
      <SafeImage src={picture} fallback={POST_PLACEHOLDER} alt="" width={160} height={120} sizes="160px" />
      <TagIdeaButton target={{ picture, postId, services, recent }} onSaved={onDone} testId="job-picture-new-tags" />
      <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
        {t('ideas.board.cancel')}
      </button>
    </div>
  );
}
