import { playerTexts as t } from '../player.texts';
import type { VideoLanguage } from '../video/video-source';

const LANGUAGES: readonly VideoLanguage[] = ['es', 'en'];

/** 001 §2: Español / English for the video (default es), as two pressed-or-not buttons. */
export function LanguageToggle({
  language,
  onChange,
}: {
  language: VideoLanguage;
  onChange: (language: VideoLanguage) => void;
}) {
  return (
    <div className="language-toggle" role="group" aria-label={t.language.label}>
      {LANGUAGES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          className="language-toggle__button"
          aria-pressed={language === option}
          onClick={() => onChange(option)}
        >
          {t.language[option]}
        </button>
      ))}
    </div>
  );
}
