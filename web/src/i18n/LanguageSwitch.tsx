/** The language switch (navbar, landing, sign-in): each language named in itself; the current one is pressed. */
import { LANGUAGES } from '../../../common/languages';
import type { MessageId } from './catalog/en';
import { useLanguage } from './I18nProvider';
import { useT } from './useT';
import './language-switch.css';

const NAMES: Record<(typeof LANGUAGES)[number], MessageId> = {
  sq: 'common.language.sq',
  en: 'common.language.en',
};

export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  return (
    <div
      className={`language-switch${className ? ` ${className}` : ''}`}
      role="group"
      aria-label={t('common.language.label')}
    >
      {LANGUAGES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          className="language-switch-option"
          aria-pressed={option === language}
          onClick={() => void setLanguage(option)}
          data-testid={`language-${option}`}
        >
          {option.toUpperCase()}
          <span className="visually-hidden"> {t(NAMES[option])}</span>
        </button>
      ))}
    </div>
  );
}
