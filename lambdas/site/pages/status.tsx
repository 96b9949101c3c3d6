/** The page of a missing (404) or removed (410) address, in the visitor's language. */
import { pagePath, type PublicLanguage } from '../../../common/publicPages';
import { format } from '../messages';

export function StatusPage({ lang, status }: { lang: PublicLanguage; status: 404 | 410 }) {
  const key = status === 410 ? 'gone' : 'notFound';
  return (
    <div className="wrap status">
      <h1>{format(lang, `${key}.heading`)}</h1>
      <p className="muted">{format(lang, `${key}.body`)}</p>
      <p>
        <a className="btn btn-primary" href={pagePath({ kind: 'landing' }, lang)}>
          {format(lang, 'notFound.home')}
        </a>
      </p>
    </div>
  );
}
