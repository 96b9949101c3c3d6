/** What a visitor sees when the app cannot start (the stage's settings could not be loaded). */
import { useT } from '../i18n/useT';

export function BootError({ error }: { error: unknown }) {
  const t = useT();
  if (error) console.error(error);
  return (
    <div className="boot-error" role="alert">
      <h1>{t('common.boot.title')}</h1>
      <p>{t('common.boot.body')}</p>
    </div>
  );
}
