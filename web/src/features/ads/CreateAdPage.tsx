/**
 * Create an ad (/create-ad, business): choose a JPG/PNG image, see the 20$ price (with a clear
 * sandbox label when payments are simulated), then POST /ad {businessId, image} and go back to the
 * Ads tab of the business profile.
 */
import { useEffect, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { getConfig } from '../../lib/config';
import { uploadImage } from '../../lib/upload';
import { AD_PRICE, LIMITS } from '../../../../common/constants';
import { useAuth } from '../../auth/AuthProvider';
import { SandboxLabel } from '../../components/SandboxLabel';
import { useCreateAd } from './api/create-ad';
import './ads.css';

const AD_TYPES = ['image/jpeg', 'image/png'];

export default function CreateAdPage() {
  const me = useAuth();
  const navigate = useNavigate();
  const createAd = useCreateAd();
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
  const sandbox = getConfig().paymentsSandbox;
  const businessId = me.account?.role === 'business' ? me.account.id : undefined;

  function choose(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0] ?? null;
    e.target.value = '';
    if (!chosen) return;
    if (!AD_TYPES.includes(chosen.type)) {
      setError('Please select a JPG, JPEG or PNG image');
      return;
    }
    if (chosen.size > LIMITS.maxImageBytes) {
      setError('The image can be at most 5 MB');
      return;
    }
    setError(null);
    setFile(chosen);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) {
      setError('Please select an image');
      return;
    }
    if (!businessId) {
      setError('User not authenticated');
      return;
    }
    setWorking(true);
    setError(null);
    try {
      const { key } = await uploadImage(file);
      await createAd.mutateAsync({ businessId, image: key });
      navigate(`/businessprofile/${businessId}?tab=ads`);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'Failed to create ad');
      setWorking(false);
    }
  }

  return (
    <div className="page ad-page">
      <div className="page-header">
        <h1>Create an ad</h1>
        {businessId && (
          <Link to={`/businessprofile/${businessId}?tab=ads`} className="btn btn-secondary">
            Back to profile
          </Link>
        )}
      </div>
      <form className="ad-layout" onSubmit={submit} aria-label="Create an ad">
        <section className="card ad-upload">
          <h2>Ad image</h2>
          <p className="muted">
            Your ad appears in the Sponsored strip of the dashboards and opens your profile when clicked.
          </p>
          <label className="dropzone ad-dropzone">
            <input
              type="file"
              accept=".jpg,.jpeg,.png,image/jpeg,image/png"
              onChange={choose}
              className="visually-hidden"
              data-testid="ad-image-input"
            />
            {preview ? (
              <img src={preview} alt="Ad preview" className="ad-preview" />
            ) : (
              <>
                <strong>Choose an image</strong>
                <span>JPG, JPEG or PNG, up to 5 MB</span>
              </>
            )}
          </label>
          {file && <p className="small muted">{file.name}</p>}
        </section>

        <aside className="card ad-payment" aria-label="Payment">
          <h2>Payment</h2>
          {sandbox && <SandboxLabel />}
          <dl className="ad-price">
            <dt>Sponsored ad</dt>
            <dd data-testid="ad-price">{AD_PRICE}$</dd>
          </dl>
          <p className="small muted">One payment, recorded in your transactions.</p>
          {error && (
            <div className="banner banner-error" role="alert" data-testid="ad-error">
              {error}
            </div>
          )}
          <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={working} data-testid="ad-submit">
            {working ? 'Creating...' : `Pay ${AD_PRICE}$ and create ad`}
          </button>
        </aside>
      </form>
    </div>
  );
}
