import type { ComponentType } from 'react';
import type { Show } from '@taquilla/contract';

/**
 * The forms the show page sells through without owning them: the deposit form and the free
 * registration live in their own features, and features never import each other, so the
 * route table hands them to the page.
 */
export type SaleForms = {
  DepositForm: ComponentType<{ show: Show }>;
  RegistrationForm: ComponentType<{ show: Show }>;
};
