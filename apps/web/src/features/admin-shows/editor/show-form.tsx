import type { FormEvent, ReactNode } from 'react';
import type { AdminShow } from '@taquilla/contract';
import { ConsoleSection } from '../../../components/console/console-page';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { adminShowsTexts } from '../admin-shows.texts';
import { PlayerChatGroup, PLAYER_CHAT_KEYS } from '../settings/player-chat-group';
import { LandingGroup, LANDING_KEYS } from '../settings/landing-group';
import type { LandingPreviewComponent } from '../settings/landing-preview-frame';
import { PlaylistGroup, PLAYLIST_KEYS } from '../settings/playlist-group';
import {
  RegistrationFieldsGroup,
  REGISTRATION_FIELDS_KEYS,
} from '../settings/registration-fields-group';
import { SHOW_FIELD_KEYS, messagesOutside } from '../show-draft';
import type { EditorGroupProps } from '../show-draft';
import { BLOCKED_SETTINGS_KEYS, BlockedCountriesGroup } from './blocked-countries-group';
import { DATES_SETTINGS_KEYS, DatesGroup } from './dates-group';
import { GENERAL_SETTINGS_KEYS, GeneralGroup } from './general-group';
import { IMAGES_SETTINGS_KEYS, ImagesGroup } from './images-group';
import { PAYMENTS_SETTINGS_KEYS, PaymentsGroup } from './payments-group';
import { ROUTE_SETTINGS_KEYS, RouteGroup } from './route-group';
import { SALES_SETTINGS_KEYS, SalesGroup } from './sales-group';

const t = adminShowsTexts;

/** The form's groups in order; each is a section the list at the top links to. */
const GROUPS = [
  'general',
  'images',
  'sales',
  'dates',
  'payments',
  'registration',
  'player',
  'playlist',
  'landing',
  'route',
  'blocked',
] as const satisfies readonly (keyof typeof adminShowsTexts.groups)[];
type GroupKey = (typeof GROUPS)[number];

/** Every settings key some group draws; a message about any other is listed above the button. */
const DRAWN_SETTINGS = new Set<string>([
  ...GENERAL_SETTINGS_KEYS,
  ...IMAGES_SETTINGS_KEYS,
  ...SALES_SETTINGS_KEYS,
  ...DATES_SETTINGS_KEYS,
  ...PAYMENTS_SETTINGS_KEYS,
  ...REGISTRATION_FIELDS_KEYS,
  ...PLAYER_CHAT_KEYS,
  ...PLAYLIST_KEYS,
  ...LANDING_KEYS,
  ...ROUTE_SETTINGS_KEYS,
  ...BLOCKED_SETTINGS_KEYS,
]);
const DRAWN_FIELDS = new Set<string>(SHOW_FIELD_KEYS);

function isDrawn(path: string): boolean {
  const [head, key] = path.split('.');
  if (head === 'settings') return key !== undefined && DRAWN_SETTINGS.has(key);
  return head !== undefined && DRAWN_FIELDS.has(head);
}

/**
 * The show editor's form: one section per group of 000 §3 and 001 §3, the server's
 * messages beside their fields, and one button that sends what changed.
 */
export function ShowForm({
  show,
  group,
  errors,
  isBusy,
  hasChanges,
  alert,
  notice,
  submitLabel,
  before,
  LandingPreview,
  onSubmit,
}: {
  /** The saved show; null while creating one. */
  show: AdminShow | null;
  group: Omit<EditorGroupProps, 'errors' | 'disabled'>;
  errors: Readonly<Record<string, string>>;
  isBusy: boolean;
  hasChanges: boolean;
  alert: string | null;
  notice: string | null;
  submitLabel: string;
  before?: ReactNode;
  /** The page drawn from a show, for the landing group's live preview (the route table's). */
  LandingPreview?: LandingPreviewComponent;
  onSubmit: () => void;
}) {
  const props: EditorGroupProps = { ...group, errors, disabled: isBusy };
  const settingsProps = {
    settings: group.settings,
    onChange: group.onChange,
    errors,
    disabled: isBusy,
  };
  const others = messagesOutside(errors, isDrawn);
  const section = (key: GroupKey, content: ReactNode) => (
    <div id={`show-group-${key}`} className="show-form__group">
      <ConsoleSection title={t.groups[key]}>{content}</ConsoleSection>
    </div>
  );

  return (
    <form
      className="show-form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <nav className="show-form__toc" aria-label={t.editor.groupsLabel}>
        <ul>
          {GROUPS.map((key) => (
            <li key={key}>
              <a href={`#show-group-${key}`}>{t.groups[key]}</a>
            </li>
          ))}
        </ul>
      </nav>
      {before}
      {section('general', <GeneralGroup {...props} />)}
      {section('images', <ImagesGroup {...props} showId={show?._id ?? null} />)}
      {section('sales', <SalesGroup {...settingsProps} />)}
      {section('dates', <DatesGroup {...settingsProps} show={show} />)}
      {section('payments', <PaymentsGroup {...settingsProps} />)}
      {section('registration', <RegistrationFieldsGroup {...settingsProps} />)}
      {section('player', <PlayerChatGroup {...settingsProps} />)}
      {section('playlist', <PlaylistGroup {...settingsProps} />)}
      {section('landing', <LandingGroup {...props} show={show} LandingPreview={LandingPreview} />)}
      {section('route', <RouteGroup {...props} />)}
      {section('blocked', <BlockedCountriesGroup {...settingsProps} />)}

      <div className="show-form__bar">
        {alert && (
          <FormAlert>
            <p>{alert}</p>
            {others.length > 0 && (
              <ul>
                {others.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            )}
          </FormAlert>
        )}
        {notice && <FormAlert tone="success">{notice}</FormAlert>}
        {hasChanges && !alert && <p className="show-form__pending">{t.editor.unsaved}</p>}
        <SubmitButton disabled={false} isBusy={isBusy} busyLabel={t.editor.saving}>
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
