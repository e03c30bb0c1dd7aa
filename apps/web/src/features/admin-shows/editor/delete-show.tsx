import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { adminEndpoints } from '@taquilla/contract/plain';
import type { AdminShow } from '@taquilla/contract';
import { ConfirmDialog } from '../../../components/console/confirm-dialog';
import { useApiAction } from '../../../components/console/use-api-action';
import { adminShowsTexts } from '../admin-shows.texts';

const t = adminShowsTexts.remove;

/**
 * DELETE /admin/shows/{id} behind a confirmation. The server refuses a show with sales,
 * dates or live holds (409); its reason stays in the dialog.
 */
export function DeleteShow({ show }: { show: AdminShow }) {
  const [isOpen, setOpen] = useState(false);
  const action = useApiAction(adminEndpoints.deleteShow);
  const navigate = useNavigate();

  async function confirm() {
    const deleted = await action.run({ params: { id: show._id } });
    if (deleted) {
      setOpen(false);
      navigate('/admin/shows');
    }
  }

  return (
    <>
      <button
        type="button"
        className="button button--danger"
        onClick={() => {
          action.reset();
          setOpen(true);
        }}
      >
        {t.button}
      </button>
      <ConfirmDialog
        isOpen={isOpen}
        title={t.title}
        message={t.message(show.fullname)}
        confirmLabel={t.confirm}
        error={action.error}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
