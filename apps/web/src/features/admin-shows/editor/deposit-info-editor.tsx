import { TextField } from '../../../components/form/text-field';
import { adminShowsTexts } from '../admin-shows.texts';
import { TextAreaField } from '../settings/settings-inputs';

const t = adminShowsTexts.payments;

type Row = { label: string; value: string };

function rowsOf(value: unknown): Row[] {
  if (!Array.isArray(value)) return [];
  return value.map((row) => ({
    label: typeof row?.label === 'string' ? row.label : '',
    value: typeof row?.value === 'string' ? row.value : '',
  }));
}

/**
 * `settings.deposit_info` (000 §3): the data a buyer deposits to, as label and value
 * pairs ("Banco" / "Banco Industrial"), or, for a show that kept the older form, one
 * text of instructions.
 */
export function DepositInfoEditor({
  value,
  onChange,
  errors,
}: {
  value: unknown;
  onChange: (patch: Record<string, unknown>) => void;
  errors: Readonly<Record<string, string>>;
}) {
  if (typeof value === 'string') {
    return (
      <TextAreaField
        label={t.infoText}
        value={value}
        error={errors['settings.deposit_info']}
        onChange={(event) => onChange({ deposit_info: event.target.value })}
      />
    );
  }
  const rows = rowsOf(value);
  const commit = (next: Row[]) => onChange({ deposit_info: next.length > 0 ? next : null });
  const change = (index: number, patch: Partial<Row>) =>
    commit(rows.map((row, position) => (position === index ? { ...row, ...patch } : row)));

  return (
    <fieldset className="settings-subgroup">
      <legend className="settings-subgroup__legend">{t.infoLegend}</legend>
      <p className="settings-group__note">{t.infoIntro}</p>
      {errors['settings.deposit_info'] && (
        <p className="field__error">{errors['settings.deposit_info']}</p>
      )}
      {rows.length === 0 && <p>{t.infoNone}</p>}
      {rows.map((row, index) => (
        <div className="deposit-info__row" key={index}>
          <TextField
            label={t.infoLabel(index + 1)}
            value={row.label}
            error={errors[`settings.deposit_info.${index}.label`]}
            onChange={(event) => change(index, { label: event.target.value })}
          />
          <TextField
            label={t.infoValue(index + 1)}
            value={row.value}
            error={errors[`settings.deposit_info.${index}.value`]}
            onChange={(event) => change(index, { value: event.target.value })}
          />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => commit(rows.filter((_, position) => position !== index))}
          >
            {t.infoRemove(index + 1)}
          </button>
        </div>
      ))}
      <div>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => commit([...rows, { label: '', value: '' }])}
        >
          {t.infoAdd}
        </button>
      </div>
    </fieldset>
  );
}
