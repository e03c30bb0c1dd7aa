import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildTicket } from '../test/catalogue-factory';
import { priceOrder } from './order-pricing';
import { OrderTotals } from './order-totals';

/** The summary's rows as label → amount, in the order a buyer reads them. */
function rows(): [string, string][] {
  const summary = screen.getByRole('region', { name: 'Resumen' });
  return within(summary)
    .getAllByRole('term')
    .map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']);
}

describe('the deposit and registration forms’ summary', () => {
  it('gives the subtotal before fees, the fees, the discount and the total, as the cart and the order do', () => {
    const platea = buildTicket({ fullname: 'Platea', price: 300, fee: 12 });
    const pricing = priceOrder([{ ticket: platea, quantity: 2 }], 'GTQ', {
      _id: 'promo-1',
      code: 'AMIGOS',
      discount_type: 'FIXED',
      discount_value: 24,
    });

    expect(pricing).toMatchObject({
      subtotal: 60_000,
      fees: 2_400,
      discount: 2_400,
      total: 60_000,
    });
    render(<OrderTotals pricing={pricing} />);
    expect(screen.getByText('Platea').parentElement?.textContent).toContain('Q 600.00');
    expect(rows()).toEqual([
      ['Subtotal', 'Q 600.00'],
      ['Cargos por servicio', 'Q 24.00'],
      ['Descuento', '−Q 24.00'],
      ['Total', 'Q 600.00'],
    ]);
  });

  it('says only the total when nothing is added or taken off', () => {
    const general = buildTicket({ fullname: 'General', price: 150, fee: 0 });
    render(<OrderTotals pricing={priceOrder([{ ticket: general, quantity: 1 }], 'GTQ')} />);
    expect(rows()).toEqual([['Total', 'Q 150.00']]);
  });

  it('leaves an included fee out of the fees', () => {
    const vip = buildTicket({ fullname: 'VIP', price: 500, fee: 20, fee_included: true });
    const pricing = priceOrder([{ ticket: vip, quantity: 1 }], 'GTQ');
    expect(pricing).toMatchObject({ subtotal: 50_000, fees: 0, total: 50_000 });
  });
});
