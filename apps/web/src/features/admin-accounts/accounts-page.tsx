import { useState } from 'react';
import { adminUserEndpoints } from '@taquilla/contract/plain';
import { useApiQuery } from '../../api/use-api-query';
import { ConsolePage, ConsoleSection } from '../../components/console/console-page';
import { FormAlert } from '../../components/form/form-alert';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { AccountForm } from './account-form';
import { adminAccountsTexts as t } from './admin-accounts.texts';
import './admin-accounts.css';
import { AdminOnly } from './admin-only';
import { ProducersTable } from './producers-table';
import { UsersSection } from './users-section';

/** /admin/accounts (Admin only): producers with their accounts, every account, a new one. */
export function AccountsPage() {
  return (
    <AdminOnly title={t.accounts.title}>
      <Accounts />
    </AdminOnly>
  );
}

function Accounts() {
  const producers = useApiQuery(adminUserEndpoints.listProducers, {});
  const [version, setVersion] = useState(0);
  const [saved, setSaved] = useState<string | null>(null);
  const created = () => {
    producers.retry();
    setVersion((value) => value + 1);
  };
  return (
    <ConsolePage title={t.accounts.title} subtitle={t.accounts.subtitle}>
      <ConsoleSection title={t.producers.title}>
        {saved && <FormAlert tone="success">{t.producerEdit.saved(saved)}</FormAlert>}
        {producers.status === 'loading' && <LoadingSkeleton label={t.accounts.loading} />}
        {producers.status === 'error' && (
          <LoadError message={producers.error.message} onRetry={producers.retry} />
        )}
        {producers.status === 'success' && (
          <ProducersTable
            producers={producers.data.items}
            onChanged={(name) => {
              setSaved(name);
              producers.retry();
            }}
          />
        )}
      </ConsoleSection>
      <ConsoleSection title={t.users.title}>
        <UsersSection version={version} />
      </ConsoleSection>
      <ConsoleSection title={t.form.title}>
        <AccountForm
          producers={producers.status === 'success' ? producers.data.items : []}
          onCreated={created}
        />
      </ConsoleSection>
    </ConsolePage>
  );
}
