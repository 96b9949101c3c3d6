/** Footer on every page: tagline; Product and Help columns for signed-in users; Contact. */
import { Link } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { dashboardPath, profilePath } from '../auth/roles';
import { BRAND } from '../lib/brand';
import { BrandMark } from '../components/icons';

export function Footer() {
  const { status, role, account } = useAuth();
  const loggedIn = status === 'signedIn';
  const help = account ? `/settings/${account.id}/help-support` : '/login';
  return (
    <footer className="footer" data-testid="footer">
      <div className="footer-inner">
        <div>
          <div className="brand">
            <BrandMark /> {BRAND.name}
          </div>
          <p className="footer-tagline">
            {BRAND.slogan}. {BRAND.tagline}
          </p>
        </div>
        {loggedIn ? (
          <div>
            <h4>Product</h4>
            <ul>
              <li>
                <Link to="/">Landing Page</Link>
              </li>
              <li>
                <Link to={dashboardPath(role)}>Home</Link>
              </li>
              {account && (
                <li>
                  <Link to={profilePath(role, account.id)}>Profile</Link>
                </li>
              )}
            </ul>
          </div>
        ) : (
          <div className="footer-spacer" />
        )}
        {loggedIn ? (
          <div>
            <h4>Help</h4>
            <ul>
              <li>
                <Link to={help}>Support</Link>
              </li>
              <li>
                <Link to={help}>FAQ</Link>
              </li>
            </ul>
          </div>
        ) : (
          <div className="footer-spacer" />
        )}
        <div>
          <h4>Contact</h4>
          <ul>
            <li>
              Support: <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a>
            </li>
            <li>
              Phone: <a href={`tel:${BRAND.supportPhone.replace(/\s/g, '')}`}>{BRAND.supportPhone}</a>
            </li>
            <li>Tirana, Albania</li>
          </ul>
        </div>
      </div>
      <div className="footer-bottom">
        © {new Date().getFullYear()} {BRAND.name}. All rights reserved.
      </div>
    </footer>
  );
}
