/**
 * Create an ad (/create-ad, business): buys one Sponsored run (common/adRuns.ts). Choose an image (the types and
 * size the upload API takes, common/constants.ts), the service it is shown for (one of the business's), up to three
 * towns (none: the whole country) and its first day (none: as soon as it is paid); see the exact amount and
 * currency that will be charged (./../payments/ChargeNote.tsx), then POST /ad and go to the pay step the answer
 * names: the provider's checkout, then the result page. `?again={adId}` ("Run it again") fills the service and
 * towns of an earlier run. A plan that includes a run this month offers it here (`?included=1` chooses it): no charge,
 * no checkout, the run's page next. A run that would overlap one of the business's own paid runs for the same
 * service and towns (common/adRuns.ts runOverlap) is said before paying, with what it would add; it is bought only
 * once the business ticks that it understands (the API refuses it otherwise: 409 AD_RUN_OVERLAP). Trying again after a failure reuses the uploaded picture and the payment's Idempotency-Key, so a
 * purchase whose answer was lost does not start a second payment.
 */
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useIdempotencyKey } from '../../lib/idempotency';
import { UploadError, uploadImage } from '../../lib/upload';
import { AD_PRICE, LIMITS, TOWNS, UPLOAD_CONTENT_TYPES } from '../../../../common/constants';
import { AD_RUN_DAYS, AD_RUN_MAX_TOWNS, adRunPagePath, startDateRange } from '../../../../common/adRuns';
import { ApiError } from '../../lib/api';
import { OverlapWarning, useRunOverlap } from './overlap';
import { useBusiness } from '../../entities/businesses/api/get-business';
import { useCategories } from '../../lib/categories';
import { useAdRun } from '../../entities/ads/api/get-ad-run';
import { useAuth } from '../../auth/AuthProvider';
import { ChargeNote, useChargeMoney } from '../../entities/payments';
import type { MessageId } from '../../i18n/catalog/en';
import { useErrorText } from '../../i18n/errors';
import { usePageTitle } from '../../i18n/usePageTitle';
import { useT } from '../../i18n/useT';
import { useCreateAd } from '../../entities/ads/api/create-ad';
import { planName, useBilling } from '../../entities/plans';
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
  const business = useBusiness(businessId ?? '');
  const services = business.data?.categories ?? [];
  const { names } = useCategories();
  const [params] = useSearchParams();
  const earlier = useAdRun(params.get('again') ?? undefined).data;
  const [category, setCategory] = useState<string | undefined>();
  const [towns, setTowns] = useState<string[] | undefined>();
  const [startDate, setStartDate] = useState('');
  const range = useMemo(() => startDateRange(), []);
  // "Run it again": the earlier run's service and towns, until the business changes them.
  const chosenCategory = category ?? earlier?.category ?? services[0];
  const chosenTowns = useMemo(() => towns ?? earlier?.towns ?? [], [towns, earlier?.towns]);
  const chargeMoney = useChargeMoney();
  const price = chargeMoney(AD_PRICE);
  const navigate = useNavigate();
  // The run the plan includes this month (Plan and billing's "Start your included run" opens with it chosen).
  const billing = useBilling(!!businessId).data;
  const includedLeft = !!billing && billing.usage.includedRuns.used < (billing.usage.includedRuns.limit ?? 0);
  const [includedChoice, setIncludedChoice] = useState<boolean | undefined>();
  const included = includedLeft && (includedChoice ?? params.get('included') === '1');
  const service = chosenCategory && services.includes(chosenCategory) ? chosenCategory : undefined;
  const targetingKey = `${service}:${chosenTowns.join(',')}:${startDate}`;
  const overlap = useRunOverlap(businessId, { category: service, towns: chosenTowns, startDate }, targetingKey);

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
    if (overlap.shown && !overlap.confirmed) {
      setError(t('ads.overlap.confirmNeeded'));
      return;
    }
    const allowOverlap = !!overlap.shown && overlap.confirmed;
    setWorking(true);
    setError(null);
    try {
      if (uploaded.current?.file !== file) uploaded.current = { file, key: (await uploadImage(file)).key };
      const image = uploaded.current.key;
      const created = await createAd.mutateAsync({
        ad: {
          businessId,
          image,
          ...(service ? { category: service } : {}),
          towns: chosenTowns,
          ...(startDate ? { startDate } : {}),
          ...(included ? { includedRun: true } : {}),
          ...(allowOverlap ? { allowOverlap: true } : {}),
        },
        idempotencyKey: payment.keyFor(`${businessId}:${image}:${targetingKey}:${included}:${allowOverlap}`),
      });
      payment.done();
      // To the pay step (a full page load: only its pages may open the provider's checkout); an included run has
      // nothing to pay and opens its own page.
      if (created.checkout) window.location.assign(created.checkout.url);
      else navigate(adRunPagePath(created._id));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'AD_RUN_OVERLAP' && err.body?.overlap) {
        // A run the page did not know of yet: said now, bought once the business ticks that it understands.
        overlap.answered(err.body.overlap);
        setError(null);
      } else setError(err instanceof UploadError ? t('ads.create.error.upload') : errorText(err));
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

          <fieldset className="ad-targeting">
            <legend>{t('ads.create.targeting')}</legend>
            <label className="field">
              <span className="field-label">{t('ads.create.service')}</span>
              {services.length ? (
                <select
                  className="select"
                  value={chosenCategory ?? ''}
                  onChange={(e) => setCategory(e.target.value)}
                  data-testid="ad-service"
                >
                  {services.map((id, i) => (
                    <option key={id} value={id}>
                      {names(services)[i]}
                    </option>
                  ))}
                </select>
              ) : null}
              <span className="field-hint">
                {services.length ? t('ads.create.serviceHelp') : t('ads.create.noServices')}
              </span>
            </label>
            <div className="field">
              <label className="field-label" htmlFor="ad-town-add">
                {t('ads.create.towns', { max: AD_RUN_MAX_TOWNS })}
              </label>
              {chosenTowns.length > 0 && (
                <div className="ad-towns" data-testid="ad-towns">
                  {chosenTowns.map((town) => (
                    <button
                      key={town}
                      type="button"
                      className="chip chip-toggle"
                      aria-label={t('ads.create.removeTown', { town })}
                      onClick={() => setTowns(chosenTowns.filter((x) => x !== town))}
                    >
                      {town} <span aria-hidden="true">×</span>
                    </button>
                  ))}
                </div>
              )}
              <select
                className="select"
                id="ad-town-add"
                value=""
                disabled={chosenTowns.length >= AD_RUN_MAX_TOWNS}
                onChange={(e) => e.target.value && setTowns([...chosenTowns, e.target.value])}
                data-testid="ad-town-add"
              >
                <option value="">{t('ads.create.addTown')}</option>
                {TOWNS.filter((town) => !chosenTowns.includes(town)).map((town) => (
                  <option key={town} value={town}>
                    {town}
                  </option>
                ))}
              </select>
              <span className="field-hint" data-testid="ad-towns-hint">
                {chosenTowns.length ? t('ads.create.townsChosen') : t('ads.create.townsHelp')}
              </span>
            </div>
            <label className="field">
              <span className="field-label">{t('ads.create.startDate')}</span>
              <input
                className="input"
                type="date"
                min={range.first}
                max={range.last}
                value={startDate}
                onChange={(e) => setStartDate(e.target.value)}
                data-testid="ad-start-date"
              />
              <span className="field-hint">{t('ads.create.startHelp', { days: AD_RUN_DAYS })}</span>
            </label>
          </fieldset>
        </section>

        <aside className="card ad-payment" aria-label={t('ads.create.payment')}>
          <h2>{t('ads.create.payment')}</h2>
          {includedLeft && billing && (
            <label className="ad-included">
              <input
                type="checkbox"
                checked={included}
                onChange={(e) => setIncludedChoice(e.target.checked)}
                data-testid="ad-included"
              />
              <span>
                {t('ads.create.included', { plan: t(planName(billing.plan)) })}
                <span className="field-hint">{t('ads.create.includedHelp')}</span>
              </span>
            </label>
          )}
          {!included && <ChargeNote amount={AD_PRICE} />}
          <dl className="ad-price">
            <dt>{t('ads.create.item')}</dt>
            <dd data-testid="ad-price">{included ? chargeMoney(0) : price}</dd>
          </dl>
          {!included && <p className="small muted">{t('ads.create.recorded')}</p>}
          <p className="small muted" data-testid="ad-terms">
            {t('ads.create.terms', { days: AD_RUN_DAYS })}
          </p>
          {overlap.shown && (
            <OverlapWarning overlap={overlap.shown} confirmed={overlap.confirmed} onConfirm={overlap.confirm} />
          )}
          {error && (
            <div className="banner banner-error" role="alert" data-testid="ad-error">
              {error}
            </div>
          )}
          <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={working} data-testid="ad-submit">
            {working
              ? t('ads.create.working')
              : included
                ? t('ads.create.submitIncluded')
                : t('ads.create.submit', { price })}
          </button>
        </aside>
      </form>
    </div>
  );
}
