import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { Profile } from '@taquilla/contract';
import { DEFAULT_COUNTRY, canSaveProfile, isCountryCode, splitFullname } from '@taquilla/domain';
import { LoadError } from '../../components/load-error';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { es } from '../../i18n/es';
import { useSession } from '../../session/session-context';
import { saveProfile } from './api/save-profile';
import type { ProfileChanges } from './api/save-profile';
import { useProfile } from './api/use-profile';
import { countryOptions } from '../../components/form/country-options';
import { useSessionLossCheck } from './use-account-actions';
import { useAccountSave } from './use-account-save';

/** A profile with only the signup name starts with that name split as a suggestion. */
function initialValues(profile: Profile): ProfileChanges {
  const guess = splitFullname(profile.fullname);
  return {
    firstname: profile.firstname ?? guess.firstname,
    lastname: profile.lastname ?? guess.lastname,
    email: profile.email,
    phone: profile.phone ?? '',
    country: isCountryCode(profile.country) ? profile.country : DEFAULT_COUNTRY,
  };
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { errors, isBusy, save } = useAccountSave();
  const [form, setForm] = useState(() => initialValues(profile));

  const change = (field: keyof ProfileChanges, value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSaveProfile(form)) return;
    await save(() => saveProfile(profile._id, form));
  }

  return (
    <form className="form account-form" onSubmit={submit} noValidate>
      <div className="account-form__row">
        <TextField
          label={es.profile.firstname}
          autoComplete="given-name"
          value={form.firstname}
          error={errors.firstname}
          onChange={(event) => change('firstname', event.target.value)}
        />
        <TextField
          label={es.profile.lastname}
          autoComplete="family-name"
          value={form.lastname}
          error={errors.lastname}
          onChange={(event) => change('lastname', event.target.value)}
        />
      </div>
      <TextField
        label={es.profile.email}
        type="email"
        value={form.email}
        readOnly
        hint={es.account.emailReadOnly}
        error={errors.email}
      />
      <div className="account-form__row">
        <TextField
          label={es.profile.phone}
          type="tel"
          autoComplete="tel"
          value={form.phone}
          error={errors.phone}
          onChange={(event) => change('phone', event.target.value)}
        />
        <SelectField
          label={es.profile.country}
          autoComplete="country"
          value={form.country}
          options={countryOptions()}
          error={errors.country}
          onChange={(event) => change('country', event.target.value)}
        />
      </div>
      <div className="form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={!canSaveProfile(form) || isBusy}
        >
          {isBusy ? es.profile.saving : es.profile.save}
        </button>
      </div>
    </form>
  );
}

function ProfileLoader({ userId }: { userId: string }) {
  const profile = useProfile(userId);
  const checkSessionLoss = useSessionLossCheck();

  useEffect(() => {
    if (profile.status === 'error') checkSessionLoss(profile.error);
  }, [profile.status, profile.error, checkSessionLoss]);

  if (profile.status === 'loading') {
    return (
      <div aria-busy="true">
        <span className="visually-hidden" role="status">
          {es.status.loading}
        </span>
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line skeleton--short" />
      </div>
    );
  }
  if (profile.status === 'error') {
    return <LoadError message={profile.error.message} onRetry={profile.retry} />;
  }
  return <ProfileForm key={profile.data._id} profile={profile.data} />;
}

/** /account/profile (Mi Perfil, 002 §2.6). */
export function ProfilePage() {
  const { user } = useSession();
  const titleId = useId();
  if (!user) return null;
  return (
    <section className="account-section" aria-labelledby={titleId}>
      <title>{es.documentTitle(es.account.profileTitle)}</title>
      <h2 className="account-section__title" id={titleId}>
        {es.account.profileTitle}
      </h2>
      <ProfileLoader userId={user._id} />
    </section>
  );
}
