import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubGateway } from '../../../test/session-factory';
import { CastTemplate } from './cast-template';
import { eventShow, renderTemplate } from './event-parts/template-harness';

describe('cast template', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows each biography: photo named after the person, name as heading, role and bio', async () => {
    stubGateway({});
    const show = eventShow(
      { fullname: 'El Quijote de la Sexta' },
      {
        landing: {
          template: 'cast',
          headline: 'Conoce al elenco',
          people: [
            {
              name: 'Lucía Ajpop',
              role: 'Dulcinea',
              bio: 'Actriz de teatro desde 2010.',
              photo: '/images/demo/person-1.svg',
            },
            { name: 'Tomás Cumes', role: 'Sancho Panza' },
          ],
        },
      },
    );

    renderTemplate(CastTemplate, { show });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'El Quijote de la Sexta' }),
    ).toBeTruthy();
    expect(screen.getByText('Conoce al elenco')).toBeTruthy();
    const cast = within(screen.getByRole('region', { name: 'Elenco' }));
    const lucia = cast.getByRole('heading', { level: 3, name: 'Lucía Ajpop' }).closest('article')!;
    expect(within(lucia).getByRole('img', { name: 'Lucía Ajpop' }).getAttribute('src')).toBe(
      '/images/demo/person-1.svg',
    );
    expect(within(lucia).getByText('Dulcinea')).toBeTruthy();
    expect(within(lucia).getByText('Actriz de teatro desde 2010.')).toBeTruthy();
    const tomas = cast.getByRole('heading', { level: 3, name: 'Tomás Cumes' }).closest('article')!;
    expect(within(tomas).queryByRole('img')).toBeNull();
    expect(within(tomas).getByText('Sancho Panza')).toBeTruthy();
    expect(document.title).toBe('El Quijote de la Sexta · Taquilla');
  });

  it('says so when no biography is written yet', async () => {
    stubGateway({});

    renderTemplate(CastTemplate, { show: eventShow({}, { landing: { template: 'cast' } }) });

    expect(await screen.findByText('Aún no hay biografías publicadas.')).toBeTruthy();
  });
});
