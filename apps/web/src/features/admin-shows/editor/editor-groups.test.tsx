import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderGroup } from '../settings/settings-test-kit';
import { BlockedCountriesGroup } from './blocked-countries-group';
import { PaymentsGroup } from './payments-group';
import { SalesGroup } from './sales-group';

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('show editor groups', () => {
  it('blocked countries: the platform’s list, or the show’s own (empty blocks none)', () => {
    const group = renderGroup(BlockedCountriesGroup, {});
    expect(screen.queryByLabelText('País por bloquear')).toBeNull();

    fireEvent.click(screen.getByLabelText('Usar una lista propia para este evento'));
    expect(group.lastPatch()).toEqual({ blocked_countries: [] });
    expect(screen.getByText('No se bloquea ningún país.')).toBeTruthy();

    const add = screen.getByRole('button', { name: 'Bloquear país' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    type('País por bloquear', 'IN');
    fireEvent.click(add);
    type('País por bloquear', 'CN');
    fireEvent.click(screen.getByRole('button', { name: 'Bloquear país' }));
    expect(group.settings()).toEqual({ blocked_countries: ['IN', 'CN'] });
    const list = screen.getByRole('list', { name: 'Países bloqueados' });
    expect(within(list).getByText('India')).toBeTruthy();
    // A blocked country is no longer offered.
    expect(screen.queryByRole('option', { name: 'India' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Desbloquear India' }));
    expect(group.settings()).toEqual({ blocked_countries: ['CN'] });
    fireEvent.click(screen.getByLabelText('Usar la lista de la plataforma'));
    expect(group.lastPatch()).toEqual({ blocked_countries: null });
    expect(group.settings()).toEqual({});
  });

  it('payments: deposit data as label and value pairs, only while deposits are on', () => {
    const group = renderGroup(
      PaymentsGroup,
      {},
      {
        errors: { 'settings.deposit_info.0.value': 'Falta el número de cuenta' },
      },
    );
    expect(screen.queryByRole('button', { name: 'Agregar dato' })).toBeNull();
    fireEvent.click(screen.getByLabelText('Acepta depósito bancario'));
    expect(group.lastPatch()).toEqual({ deposit: true });

    fireEvent.click(screen.getByRole('button', { name: 'Agregar dato' }));
    type('Dato 1: nombre', 'Banco');
    type('Dato 1: valor', 'Banco Industrial');
    type('Tipo de depósito', 'ACCOUNT_BANK_DEPOSIT');
    expect(group.settings()).toEqual({
      deposit: true,
      deposit_info: [{ label: 'Banco', value: 'Banco Industrial' }],
      deposit_payment_type: 'ACCOUNT_BANK_DEPOSIT',
    });
    expect(screen.getByText('Falta el número de cuenta')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Quitar el dato 1' }));
    expect(group.lastPatch()).toEqual({ deposit_info: null });
  });

  it('payments: a show’s older text instructions stay text', () => {
    const group = renderGroup(PaymentsGroup, {
      deposit_only: true,
      deposit_info: 'Deposita en BI',
    });
    type('Instrucciones en texto', 'Deposita en Banrural');
    expect(group.lastPatch()).toEqual({ deposit_info: 'Deposita en Banrural' });
  });

  it('sales: numbers as numbers, a blank one back to its default', () => {
    const group = renderGroup(SalesGroup, { currency: 'GTQ', max_ticket_quantity: 10 });
    type('Máximo de boletos por línea', '4');
    expect(group.lastPatch()).toEqual({ max_ticket_quantity: 4 });
    type('Máximo de boletos por línea', '');
    expect(group.lastPatch()).toEqual({ max_ticket_quantity: null });
    type('Moneda', 'USD');
    fireEvent.click(screen.getByLabelText('Disponible por demanda (VOD)'));
    expect(group.settings()).toEqual({ currency: 'USD', vod: true });
  });
});
