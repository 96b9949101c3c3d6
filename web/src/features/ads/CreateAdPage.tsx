/**
 * Create an ad (/create-ad, business): choose an image (the types and size the upload API takes,
 * common/constants.ts), see the exact amount and currency that will be charged (./../payments/ChargeNote.tsx),
 * then POST /ad {businessId, image} and go to the pay step the answer names: the provider's checkout, then the
 * result page. Trying again after a failure reuses the uploaded picture and the payment's Idempotency-Key, so a
 * purchase whose answer was lost does not start a second payment.
 */
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useIdempotencyKey } from '../../lib/idempotency';
import { UploadError, uploadImage } from '../../lib/upload';
import { AD_PRICE, LIMITS, UPLOAD_CONTENT_TYPES } from '../../../../common/constants';
import { useAuth } from '../../auth/AuthProvider';
import { ChargeNote, useChargeMoney } from '../../entities/payments';
import type { MessageId } from '../../i18n/catalog/en';
import { useErrorText } from '../../i18n/errors';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { useCreateAd } from '../../entities/ads/api/create-ad';
import './ads.css';

/** Why a chosen file cannot be an ad's picture (the upload API's rules), or undefined. */
export function adImageProblem(file: File): MessageId | undefined {
  if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'ads.create.error.type';
  if (file.size > LIMITS.maxImageBytes) return 'ads.create.error.size';
  return undefined;
}

export default function CreateAdPage() {
  const t = useT();
  const errorText = useErrorText();
  usePageTitle('ads.create.title');
  const me = useAuth();
  const createAd = useCreateAd();
  const payment = useIdempotencyKey();
  const uploaded = useRef<{ file: File; key: string } | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const businessId = me.account?.role === 'business' ? me.account.id : undefined;
  const chargeMoney = useChargeMoney();
  const price = chargeMoney(AD_PRICE);

  function choose(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0] ?? null;
    e.target.value = '';
    if (!chosen) return;
    const problem = adImageProblem(chosen);
    if (problem) {
      setError(t(problem));
      return;
    }
    setError(null);
    setFile(chosen);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) {
      setError(t('ads.create.error.noImage'));
      return;
    }
    if (!businessId) {
      setError(t('ads.create.error.signedOut'));
      return;
    }
    setWorking(true);
    setError(null);
    try {
      if (uploaded.current?.file !== file) uploaded.current = { file, key: (await uploadImage(file)).key };
      const image = uploaded.current.key;
      const created = await createAd.mutateAsync({
        ad: { businessId, image },
        idempotencyKey: payment.keyFor(`${businessId}:${image}`),
      });
      payment.done();
      // To the pay step (a full page load: only its pages may open the provider's checkout).
      window.location.assign(created.checkout.url);
    } catch (err) {
      setError(err instanceof UploadError ? t('ads.create.error.upload') : errorText(err));
      setWorking(false);
    }
  }

  return (
    <div className="page ad-page">
      <div className="page-header">
        <h1>{t('ads.create.title')}</h1>
        {businessId && (
          <Link to={`/businessprofile/${businessId}?tab=ads`} className="btn btn-secondary">
            {t('ads.create.back')}
          </Link>
        )}
      </div>
      <form className="ad-layout" onSubmit={submit} aria-label={t('ads.create.title')}>
        <section className="card ad-upload">
          <h2>{t('ads.create.imageTitle')}</h2>
          <p className="muted">{t('ads.create.imageHelp')}</p>
          <label className="dropzone ad-dropzone">
            <input
              type="file"
              accept={UPLOAD_CONTENT_TYPES.join(',')}
              onChange={choose}
              className="visually-hidden"
              data-testid="ad-image-input"
            />
            {preview ? (
              <img src={preview} alt={t('ads.create.preview')} className="ad-preview" />
            ) : (
              <>
                <strong>{t('ads.create.choose')}</strong>
                <span>{t('ads.create.formats', { mb: LIMITS.maxImageBytes / (1024 * 1024) })}</span>
              </>
            )}
          </label>
          {file && <p className="small muted">{file.name}</p>}
        </section>

        <aside className="card ad-payment" aria-label={t('ads.create.payment')}>
          <h2>{t('ads.create.payment')}</h2>
          <ChargeNote amount={AD_PRICE} />
          <dl className="ad-price">
            <dt>{t('ads.create.item')}</dt>
            <dd data-testid="ad-price">{price}</dd>
          </dl>
          <p className="small muted">{t('ads.create.recorded')}</p>
          {error && (
            <div className="banner banner-error" role="alert" data-testid="ad-error">
              {error}
            </div>
          )}
          <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={working} data-testid="ad-submit">
            {working ? t('ads.create.working') : t('ads.create.submit', { price })}
          </button>
        </aside>
      </form>
    </div>
  );
}
