import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { Show } from '@taquilla/contract';
import { AppShell } from '../../../../app-shell';
import { buildShow } from '../../../../test/show-factory';
import { ActivationModal } from '../../../activation/activation-modal';
import { DepositForm } from '../../../deposit/deposit-form';
import { RegistrationForm } from '../../../registration/registration-form';
import type { LandingTemplateComponent, ShowPageParts } from '../template-types';

/*
 * One template inside the app's real shell (session, cart, toasts) at any path, over a
 * gateway the test stubs (test/session-factory's stubGateway): what the show page
 * renders once it has resolved the show, without the route table's vanity routes.
 */

/** What the route table composes into the show page. */
export const PARTS: ShowPageParts = {
  saleForms: { DepositForm, RegistrationForm },
  ActivationModal,
};

export function eventShow(overrides: Partial<Show> = {}, settings: Partial<Show['settings']> = {}) {
  const base = buildShow(overrides);
  return { ...base, settings: { ...base.settings, ...settings } };
}

export function renderTemplate(
  Template: LandingTemplateComponent,
  props: { show: Show; parent?: Show | null; preview?: boolean },
  path = '/',
) {
  const router = createMemoryRouter(
    [
      {
        element: <AppShell />,
        children: [
          {
            path: '*',
            element: (
              <Template
                show={props.show}
                parent={props.parent ?? null}
                parts={PARTS}
                preview={props.preview}
              />
            ),
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** GET /geo as the API answers for a visitor in that country. */
export function geoAnswer(countryCode: string | null) {
  return {
    country_code: countryCode,
    country_name: countryCode === 'IN' ? 'India' : countryCode === 'GT' ? 'Guatemala' : null,
    city: null,
    ip: '190.56.0.1',
  };
}

/** Clears the geo cookie a previous test cached. */
export function forgetGeo() {
  document.cookie = 'geo=; Max-Age=0; Path=/';
}
