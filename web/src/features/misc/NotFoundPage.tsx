/** Any unknown path: 404 with a 'Go Back' button. */
import { useNavigate } from 'react-router';

export default function NotFoundPage() {
  const navigate = useNavigate();
  // With no page to go back to (opened directly), go to the landing page.
  const goBack = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate('/'));
  return (
    <div className="status-page" data-testid="not-found-page">
      <div className="status-code" aria-hidden="true">
        404
      </div>
      <h1>Page Not Found</h1>
      <p className="muted">The page you are looking for does not exist or was moved.</p>
      <button type="button" className="btn btn-primary btn-lg" onClick={goBack}>
        Go Back
      </button>
    </div>
  );
}
