import type { ComponentType } from 'react';
import type { LandingTemplate, Show } from '@taquilla/contract';
import type { SaleForms } from '../purchase/sale-forms';

/**
 * What the show page composes in from other features (features never import each
 * other; the route table hands them over): the sale forms and the "Activar Código"
 * modal of 002 §2.8.
 */
export type ShowPageParts = {
  saleForms: SaleForms;
  ActivationModal: ComponentType<{
    isOpen: boolean;
    onClose: () => void;
    initialCode?: string;
    onActivated?: (showId: string) => void;
  }>;
};

/**
 * Every landing template (issue 12, `settings.landing.template`, decision 0036) is a
 * component of these props. `show` is the page's show; `parent` is the festival of a
 * film opened at /{festival}/{film}, otherwise null. `preview` is true inside the
 * console's live preview: the template renders the same markup but makes no calls that
 * write and opens no modal.
 */
export type LandingTemplateProps = {
  show: Show;
  parent: Show | null;
  parts: ShowPageParts;
  preview?: boolean;
};

export type LandingTemplateComponent = ComponentType<LandingTemplateProps>;

/** The registry `templates/index.ts` fills: one component per template. */
export type LandingTemplateRegistry = Record<LandingTemplate, LandingTemplateComponent>;
