import { LoadingSkeleton } from './components/loading-skeleton';
import { lazyModal, lazyPart } from './components/lazy-part';
import type { ShowPageParts } from './features/show/templates/template-types';
import { es } from './i18n/es';

/**
 * What the show and vanity pages (and the console's preview of them) sell and activate
 * through: the deposit and registration features' forms and the activation feature's
 * "Activar Código" modal. Features never import each other, so they meet here, at the
 * route table's side. Each part's code arrives when it is first shown, not with the
 * page: most visits to a show page open none of them, and a phone on a slow network
 * shows the page sooner without them (decision 0070).
 */
export const showPageParts: ShowPageParts = {
  saleForms: {
    DepositForm: lazyPart(
      async () => (await import('./features/deposit/deposit-form')).DepositForm,
      <LoadingSkeleton label={es.status.loading} />,
    ),
    RegistrationForm: lazyPart(
      async () => (await import('./features/registration/registration-form')).RegistrationForm,
      <LoadingSkeleton label={es.status.loading} />,
    ),
  },
  ActivationModal: lazyModal(
    async () => (await import('./features/activation/activation-modal')).ActivationModal,
  ),
};
