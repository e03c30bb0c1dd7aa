import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCheckin } from './door-fixtures';
import { ResultPanel, placeLabel } from './result-panel';

describe('the door’s result panel', () => {
  it('says "Adelante" in green with the ticket, the place, the holder and the code', () => {
    render(<ResultPanel result={{ kind: 'admitted', entry: buildCheckin() }} />);

    const alert = screen.getByRole('alert');
    expect(alert.className).toBe('door-result door-result--admitted');
    expect([...alert.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Adelante',
      'Platea',
      'Sección Platea · Fila B · Asiento 7',
      'Ana María López',
      'Código AB2CDE · Orden #1027',
    ]);
  });

  it('leaves out what a general admission without a buyer’s name lacks', () => {
    render(
      <ResultPanel
        result={{
          kind: 'admitted',
          entry: buildCheckin({ ticket: null, place: null, buyer_name: null }),
        }}
      />,
    );

    expect([...screen.getByRole('alert').querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Adelante',
      'Código AB2CDE · Orden #1027',
    ]);
  });

  it('says in red why not, in the server’s words', () => {
    render(
      <ResultPanel
        result={{
          kind: 'refused',
          code: 'AB2CDE',
          error: 'TICKET_CODE_OTHER_SHOW',
          message: 'Este código es de otro evento: «Función del sábado», 28/11 19:00',
        }}
      />,
    );

    const alert = screen.getByRole('alert');
    expect(alert.className).toBe('door-result door-result--refused');
    expect([...alert.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'No puede ingresar',
      'Este código es de otro evento: «Función del sábado», 28/11 19:00',
      'Código AB2CDE',
    ]);
  });

  it('names a place by its parts, the door as the organiser typed it, or nothing without any', () => {
    expect(placeLabel({ section: 'Mesa 4', row: null, seat: '2', door: 'Sur' })).toBe(
      'Sección Mesa 4 · Asiento 2 · Ingreso por Sur',
    );
    expect(placeLabel({ section: 'Platea', row: 'B', seat: 'B7', door: 'Puerta 1' })).toBe(
      'Sección Platea · Fila B · Asiento B7 · Ingreso por Puerta 1',
    );
    expect(placeLabel({ section: null, row: null, seat: null, door: null })).toBeNull();
    expect(placeLabel(null)).toBeNull();
  });
});
