import type { FormEvent, ReactNode } from 'react';
import { useCart } from '../cart/cart-context';
import { esOrderForm } from './es-order-form';
import './order-form.css';

type OrderFormLayoutProps = {
  /** The form's id: the submit in the aside sends it from outside. */
  formId: string;
  className?: string;
  onSubmit: (event: FormEvent) => void;
  isBusy: boolean;
  /** The aside's name ("Tu pago", "Tu registro"). */
  asideLabel: string;
  /** The totals and the submit, kept in view beside the form. */
  aside: ReactNode;
  children: ReactNode;
};

/** A deposit or registration form: its sections, and the totals and submit beside them. */
export function OrderFormLayout({
  formId,
  className,
  onSubmit,
  isBusy,
  asideLabel,
  aside,
  children,
}: OrderFormLayoutProps) {
  return (
    <div className={['aside-layout order-form', className].filter(Boolean).join(' ')}>
      <form
        id={formId}
        className="order-form__main"
        onSubmit={onSubmit}
        noValidate
        aria-busy={isBusy}
      >
        {children}
      </form>
      <aside className="aside-layout__aside order-form__aside card" aria-label={asideLabel}>
        {aside}
      </aside>
    </div>
  );
}

/** Sending a form of chosen tickets first empties the cart: said while it holds anything. */
export function HeldCartNotice() {
  const { cart } = useCart();
  if ((cart?.items.length ?? 0) === 0) return null;
  return <p className="notice">{esOrderForm.cartNotice}</p>;
}
