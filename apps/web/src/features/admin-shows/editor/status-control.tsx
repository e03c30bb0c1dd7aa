import { useState } from 'react';
import { SHOW_STATUSES } from '@taquilla/contract';
import { adminEndpoints } from '@taquilla/contract/plain';
import type { AdminShow, ShowStatus } from '@taquilla/contract';
import { ConfirmDialog } from '../../../components/console/confirm-dialog';
import { consoleTexts } from '../../../components/console/console-texts';
import { useApiAction } from '../../../components/console/use-api-action';
import { SelectField } from '../../../components/form/select-field';
import { adminShowsTexts } from '../admin-shows.texts';

const t = adminShowsTexts.status;
const names = consoleTexts.showStatus;

/** Statuses whose consequences reach buyers and viewers at once: the dialog says what happens. */
const WARNED: Partial<Record<ShowStatus, string>> = t.warnings;

/**
 * PUT /admin/shows/{id}/status: pick a status, then confirm it in a dialog that names
 * the change (and, for CANCELLED and CLOSED, what it does to sales and the broadcast).
 */
export function StatusControl({
  show,
  onChanged,
}: {
  show: AdminShow;
  onChanged: (show: AdminShow) => void;
}) {
  const [next, setNext] = useState<ShowStatus>(show.status);
  const [isOpen, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const action = useApiAction(adminEndpoints.setShowStatus);

  async function confirm() {
    const changed = await action.run({ params: { id: show._id }, body: { status: next } });
    if (changed) {
      setOpen(false);
      setDone(t.changed(names[changed.status]));
      onChanged(changed);
    }
  }

  return (
    <div className="show-status-control">
      <SelectField
        label={t.label}
        value={next}
        options={SHOW_STATUSES.map((status) => ({ value: status, label: names[status] }))}
        onChange={(event) => {
          setNext(event.target.value as ShowStatus);
          setDone(null);
        }}
      />
      <button
        type="button"
        className="button button--secondary"
        disabled={next === show.status}
        onClick={() => {
          action.reset();
          setOpen(true);
        }}
      >
        {t.apply}
      </button>
      <p role="status" className="show-status-control__done">
        {done}
      </p>
      <ConfirmDialog
        isOpen={isOpen}
        title={t.confirmTitle(names[next])}
        message={
          <>
            <p>
              {names[show.status]} → {names[next]}
            </p>
            {WARNED[next] && <p className="show-status-control__warning">{WARNED[next]}</p>}
          </>
        }
        confirmLabel={t.confirmLabel(names[next])}
        error={action.error}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}
