import { SECTION_TYPES } from '@taquilla/contract';
import type { AdminTicket, SectionType } from '@taquilla/contract';
import { rowLabel } from '@taquilla/domain';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { mapTexts } from './admin-maps.texts';
import { countedPlaces } from './map-draft';
import type { DraftSection } from './map-draft';

const t = mapTexts;

function CheckField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="check-field">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

const positions = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ value: String(index), label: String(index + 1) }));

/** The chosen section's settings; the numbering hint shows the first and last seat it makes. */
export function SectionForm({
  section,
  index,
  errors,
  tickets,
  gridRows,
  gridCols,
  onChange,
  onRemove,
}: {
  section: DraftSection;
  index: number;
  errors: Readonly<Record<string, string>>;
  tickets: readonly AdminTicket[];
  gridRows: number;
  gridCols: number;
  onChange: (patch: Partial<DraftSection>) => void;
  onRemove: () => void;
}) {
  const error = (field: string) => errors[`sections.${index}.${field}`];
  const input = (field: keyof DraftSection) => ({
    value: section[field] as string,
    error: error(field),
    onChange: (event: { target: { value: string } }) => onChange({ [field]: event.target.value }),
  });
  const isOpen = section.type === 'OPEN';
  const ticket = tickets.find((candidate) => candidate._id === section.ticket_uid);
  const { seats } = countedPlaces(section, ticket?.capacity ?? null);
  const rowStart = Number(section.row_start);
  const ticketOptions = [
    { value: '', label: t.noTicket },
    ...tickets.map((candidate) => ({ value: candidate._id, label: candidate.fullname })),
  ];
  // A section placed outside a grid that shrank keeps its cell among the choices.
  const rowChoices = positions(Math.max(gridRows, section.section_grid_row + 1));
  const colChoices = positions(Math.max(gridCols, section.section_grid_col + 1));

  return (
    <div className="field-grid">
      <TextField label={t.sectionName} {...input('name')} />
      <SelectField
        label={t.type}
        options={SECTION_TYPES.map((type) => ({ value: type, label: t.types[type] }))}
        value={section.type}
        error={error('type')}
        onChange={(event) => {
          const type = event.target.value as SectionType;
          const open = type === 'OPEN';
          onChange({ type, show_numbering: !open, seated: !open });
        }}
      />
      {!isOpen && (
        <>
          <TextField label={t.rows} inputMode="numeric" {...input('map_rows')} />
          <TextField label={t.columns} inputMode="numeric" {...input('map_columns')} />
          <TextField
            label={t.rowStart}
            inputMode="numeric"
            hint={
              Number.isSafeInteger(rowStart) && rowStart >= 0
                ? t.rowStartHint(rowLabel(rowStart))
                : undefined
            }
            {...input('row_start')}
          />
          <TextField label={t.rowStep} inputMode="numeric" {...input('row_step')} />
          <TextField
            label={t.colStart}
            inputMode="numeric"
            hint={
              seats.length > 0
                ? t.numberingHint(seats[0]!.name, seats[seats.length - 1]!.name)
                : undefined
            }
            {...input('col_start')}
          />
          <TextField label={t.colStep} inputMode="numeric" {...input('col_step')} />
        </>
      )}
      {isOpen && (
        <TextField
          label={t.capacity}
          inputMode="numeric"
          hint={t.capacityHint}
          {...input('capacity')}
        />
      )}
      <SelectField
        label={t.ticket}
        options={ticketOptions}
        value={section.ticket_uid}
        error={error('ticket_uid')}
        onChange={(event) => onChange({ ticket_uid: event.target.value })}
      />
      <TextField label={t.door} {...input('door')} />
      <SelectField
        label={t.gridRow}
        options={rowChoices}
        value={String(section.section_grid_row)}
        error={error('section_grid_row')}
        onChange={(event) => onChange({ section_grid_row: Number(event.target.value) })}
      />
      <SelectField
        label={t.gridCol}
        options={colChoices}
        value={String(section.section_grid_col)}
        error={error('section_grid_col')}
        onChange={(event) => onChange({ section_grid_col: Number(event.target.value) })}
      />
      <CheckField
        label={t.showNumbering}
        checked={section.show_numbering}
        onChange={(checked) => onChange({ show_numbering: checked })}
      />
      <CheckField
        label={t.seated}
        checked={section.seated}
        onChange={(checked) => onChange({ seated: checked })}
      />
      <div className="field-grid__wide form__actions">
        <button type="button" className="button button--secondary" onClick={onRemove}>
          {t.removeSection}
        </button>
      </div>
    </div>
  );
}
