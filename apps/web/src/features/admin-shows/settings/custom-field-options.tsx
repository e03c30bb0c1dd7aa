import { TextField } from '../../../components/form/text-field';
import { newOption, renameOption } from './custom-fields.rules';
import type { CustomFieldOption } from './custom-fields.rules';
import { replaceAt } from './settings-lists';
import { useRowList } from './settings-rows';
import { settingsTexts } from './settings.texts';

const t = settingsTexts.registration;

/** The choices of one "Elegir de una lista" question: text, key, order. */
export function CustomFieldOptions({
  options,
  onChange,
  errorAt,
}: {
  options: readonly CustomFieldOption[];
  onChange: (options: CustomFieldOption[]) => void;
  /** The message for a path under the question (`options`, `options.0.value`). */
  errorAt: (path: string) => string | undefined;
}) {
  const nameOf = (option: CustomFieldOption, index: number) =>
    option.value.trim() || t.unnamedOption(index + 1);
  const rows = useRowList({ items: options, commit: onChange, nameOf });
  const otherKeys = (index: number) =>
    options.filter((_, position) => position !== index).map((option) => option.key);
  const listError = errorAt('options');

  return (
    <fieldset className="settings-options">
      <legend className="settings-options__legend">{t.options}</legend>
      {listError && <p className="field__error">{listError}</p>}
      <ol className="settings-rows">
        {options.map((option, index) => (
          <li key={index} className="settings-row settings-row--compact">
            <fieldset className="settings-row__box" ref={rows.register(`${index}:first`)}>
              <legend className="settings-row__legend">{t.option(index + 1)}</legend>
              <div className="field-grid">
                <TextField
                  label={t.optionValue}
                  value={option.value}
                  maxLength={200}
                  error={errorAt(`options.${index}.value`)}
                  onChange={(event) =>
                    onChange(
                      replaceAt(
                        options,
                        index,
                        renameOption(option, event.target.value, otherKeys(index)),
                      ),
                    )
                  }
                />
                <TextField
                  label={t.optionKey}
                  value={option.key}
                  maxLength={60}
                  spellCheck={false}
                  autoCapitalize="none"
                  error={errorAt(`options.${index}.key`)}
                  onChange={(event) =>
                    onChange(replaceAt(options, index, { ...option, key: event.target.value }))
                  }
                />
              </div>
              {rows.actionsFor(option, index)}
            </fieldset>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button--secondary"
        ref={rows.register('add')}
        onClick={() => rows.add(newOption(options))}
      >
        {t.addOption}
      </button>
      {rows.extras}
    </fieldset>
  );
}
