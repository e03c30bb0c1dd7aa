import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { AdminShow } from '@taquilla/contract';
import { isCodeMode, watchModeOf } from '@taquilla/domain';
import { ConsoleSection } from '../../components/console/console-page';
import { ShowConsoleFrame } from '../../components/console/show-console-frame';
import { accessCodesTexts as t } from './admin-access-codes.texts';
import { AccessCodesTable } from './access-codes-table';
import { GenerateCodesForm } from './generate-codes-form';
import './admin-access-codes.css';

function CodesOfShow({ show }: { show: AdminShow }) {
  const [, setParams] = useSearchParams();
  const [version, setVersion] = useState(0);
  const mode = watchModeOf({ paid: show.paid, settings: show.settings });

  if (!isCodeMode(mode)) {
    return (
      <ConsoleSection title={t.notApplicable.title}>
        <p>{t.notApplicable.message}</p>
        <Link to={`/admin/shows/${show._id}`}>{t.notApplicable.settings}</Link>
      </ConsoleSection>
    );
  }

  return (
    <>
      <p className="codes-mode">{mode === 'nologin' ? t.mode.nologin : t.mode.password}</p>
      <div className="codes-layout">
        <GenerateCodesForm
          showId={show._id}
          onGenerated={() => {
            // The new codes are the newest: the list starts again at its first page.
            setParams((current) => {
              const copy = new URLSearchParams(current);
              copy.delete('page');
              return copy;
            });
            setVersion((value) => value + 1);
          }}
        />
        <AccessCodesTable key={version} showId={show._id} timeZone={show.timezone} />
      </div>
    </>
  );
}

/**
 * The access codes of a no-login or password show (/admin/shows/:id/access-codes):
 * generate a batch, read them a page at a time with their state and first use, and
 * download them all as CSV. Any other show is told plainly that codes do not apply.
 */
export function AccessCodesPage() {
  return (
    <ShowConsoleFrame section={t.section}>{(show) => <CodesOfShow show={show} />}</ShowConsoleFrame>
  );
}
