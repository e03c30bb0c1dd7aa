import { useMemo, useRef } from 'react';
import { LANDING_TEMPLATES } from '@taquilla/contract';
import type { AdminShow, Landing, LandingTemplate } from '@taquilla/contract';
import { listsChildren } from '@taquilla/domain';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import type { EditorGroupProps } from '../show-draft';
import {
  claimedLandingPaths,
  fieldsOf,
  LANDING_KEYS,
  landingPatch,
  readLanding,
  withTemplate,
} from './landing.rules';
import type { LandingStash } from './landing.rules';
import { LandingChildren } from './landing-children';
import { LandingFeatured } from './landing-featured';
import { LandingLists } from './landing-lists';
import { LandingPreviewFrame } from './landing-preview-frame';
import type { LandingPreviewComponent } from './landing-preview-frame';
import { previewShow } from './landing-preview-show';
import { TemplateHints } from './landing-hints';
import { TextAreaField } from './settings-inputs';
import { settingsError, unclaimedErrors } from './settings-lists';
import { OtherErrors } from './settings-rows';
import { landingTexts } from './landing.texts';
import './settings-groups.css';
import './landing-group.css';

const t = landingTexts;

export { LANDING_KEYS };

const TEMPLATE_OPTIONS = LANDING_TEMPLATES.map((template) => ({
  value: template,
  label: t.templates[template].name,
}));

/**
 * "Página del evento" (issue 12, decision 0042): which landing template the show's
 * page renders (`settings.landing.template`) and the content that template shows
 * (the table of `landingSchema`), with the page itself beside the form, drawn from the
 * unsaved draft. The whole landing goes in every patch; the server's messages come
 * keyed as it names them (`settings.landing.socials.0.url`).
 */
export function LandingGroup({
  show,
  fields,
  settings,
  onChange,
  errors,
  disabled,
  LandingPreview,
}: EditorGroupProps & {
  /** The saved show; null while creating one. */
  show: AdminShow | null;
  /** The page drawn from a show; absent, the group has no preview. */
  LandingPreview?: LandingPreviewComponent;
}) {
  const landing = readLanding(settings);
  // What other templates showed, back if the organiser returns to one before saving.
  const stash = useRef<LandingStash>({});
  const commit = (next: Landing) => onChange(landingPatch(next));
  const set = (patch: Partial<Landing>) => commit({ ...landing, ...patch });
  const uses = fieldsOf(landing.template);
  const errorOf = (...path: (string | number)[]) => settingsError(errors, 'landing', ...path);
  const others = unclaimedErrors(errors, LANDING_KEYS, claimedLandingPaths(landing));
  const draftShow = useMemo(
    () => (show ? previewShow(show, { fields, settings }) : null),
    [show, fields, settings],
  );

  const pickTemplate = (template: LandingTemplate) => {
    const next = withTemplate(landing, template, stash.current);
    stash.current = next.stash;
    commit(next.landing);
  };

  return (
    <fieldset className="settings-group" disabled={disabled}>
      <p className="settings-group__note">{t.intro}</p>
      <OtherErrors messages={others} />
      <div className="settings-group__split landing-editor">
        <div className="settings-group__editor landing-editor__form">
          <SelectField
            label={t.template}
            value={landing.template}
            options={TEMPLATE_OPTIONS}
            hint={t.templates[landing.template].description}
            error={errorOf('template')}
            onChange={(event) => pickTemplate(event.target.value as LandingTemplate)}
          />
          <TemplateHints template={landing.template} />
          <TextField
            label={t.headline}
            value={landing.headline ?? ''}
            hint={t.headlineHint}
            maxLength={200}
            error={errorOf('headline')}
            onChange={(event) => set({ headline: event.target.value })}
          />
          <TextAreaField
            label={t.intro_}
            value={landing.intro ?? ''}
            rows={4}
            maxLength={4000}
            error={errorOf('intro')}
            onChange={(event) => set({ intro: event.target.value })}
          />
          {uses.includes('promo_video') && (
            <TextField
              label={t.promoVideo}
              value={landing.promo_video ?? ''}
              hint={t.promoVideoHint}
              inputMode="url"
              spellCheck={false}
              autoCapitalize="none"
              maxLength={1000}
              error={errorOf('promo_video')}
              onChange={(event) => set({ promo_video: event.target.value })}
            />
          )}
          <LandingLists landing={landing} show={show} errors={errors} onChange={set} />
          {uses.includes('featured') &&
            (show ? (
              <LandingFeatured
                show={show}
                value={landing.featured ?? []}
                error={errorOf('featured') ?? firstFeaturedError(errors)}
                onChange={(featured) => set({ featured })}
              />
            ) : (
              <p className="settings-group__note">{t.featured.needsSave}</p>
            ))}
          {listsChildren(landing.template) && <LandingChildren show={show} />}
        </div>
        {LandingPreview &&
          (draftShow ? (
            <LandingPreviewFrame show={draftShow} Preview={LandingPreview} />
          ) : (
            <p className="settings-group__note">{t.preview.afterCreate}</p>
          ))}
      </div>
    </fieldset>
  );
}

/** A message about one pinned show (`settings.landing.featured.2`), shown under the list. */
function firstFeaturedError(errors: Readonly<Record<string, string>>): string | undefined {
  return Object.entries(errors).find(([path]) =>
    path.startsWith('settings.landing.featured.'),
  )?.[1];
}
