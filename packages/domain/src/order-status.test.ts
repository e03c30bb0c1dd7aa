import { describe, it, expect } from 'vitest';
import {
  ORDER_STATUSES,
  RELEASED_ORDER_STATUSES,
  changeLogActionLabel,
  isOrderApproved,
  isOrderStatus,
  orderStatusLabel,
} from './order-status.ts';

describe('order status on the order page', () => {
  it('uses the title-case Spanish labels', () => {
    expect(ORDER_STATUSES.map((status) => orderStatusLabel(status, 'detail'))).toEqual([
      'Aprobada',
      'Denegada',
      'Anulada',
      'Reembolsada',
      'Esperando aprobación',
      'Pendiente',
    ]);
  });

  it('calls any unknown or missing status pending', () => {
    expect(orderStatusLabel('EXPIRED', 'detail')).toBe('Pendiente');
    expect(orderStatusLabel(undefined, 'detail')).toBe('Pendiente');
  });
});

describe('order status in the account lists', () => {
  it('uses the upper-case Spanish labels', () => {
    expect(ORDER_STATUSES.map((status) => orderStatusLabel(status, 'list'))).toEqual([
      'APROBADA',
      'DENEGADA',
      'ANULADA',
      'REEMBOLSO',
      'ESPERANDO CONFIRMACIÓN',
      'PENDIENTE',
    ]);
  });

  it('shows an unknown status as it came', () => {
    expect(orderStatusLabel('EXPIRED', 'list')).toBe('EXPIRED');
  });

  it('calls a missing status pending', () => {
    expect(orderStatusLabel('', 'list')).toBe('PENDIENTE');
    expect(orderStatusLabel(null, 'list')).toBe('PENDIENTE');
  });
});

describe('order status values', () => {
  it('recognises only the known statuses', () => {
    expect(isOrderStatus('REFUND')).toBe(true);
    expect(isOrderStatus('approved')).toBe(false);
  });

  it('treats only APPROVED as approved', () => {
    expect(ORDER_STATUSES.filter(isOrderApproved)).toEqual(['APPROVED']);
  });
});

describe('deposit decision log', () => {
  it('names the organiser decisions in Spanish', () => {
    expect(changeLogActionLabel('Order deposit confirmed')).toBe('Confirmado');
    expect(changeLogActionLabel('Order deposit rejected')).toBe('Rechazado');
  });

  it('names every other action in Spanish, and an unknown one as a change', () => {
    expect(changeLogActionLabel('Order created')).toBe('Orden creada');
    expect(changeLogActionLabel('Payment approved')).toBe('Pago aprobado');
    expect(changeLogActionLabel('Order refunded')).toBe('Orden reembolsada');
    expect(changeLogActionLabel('Something new')).toBe('Cambio en la orden');
    expect(changeLogActionLabel('toString')).toBe('Cambio en la orden');
  });
});

describe('released order statuses', () => {
  it('gives places back for rejected, cancelled and refunded orders only', () => {
    expect([...RELEASED_ORDER_STATUSES].sort()).toEqual(['CANCELLED', 'REFUND', 'REJECTED']);
    expect(RELEASED_ORDER_STATUSES).not.toContain('APPROVED');
    expect(RELEASED_ORDER_STATUSES).not.toContain('WAITING_CONFIRMATION');
  });
});
