import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyModal, lazyPart } from './lazy-part';

type ModalProps = { isOpen: boolean; title: string };

function Modal({ isOpen, title }: ModalProps) {
  return <p>{`${title}: ${isOpen ? 'abierto' : 'cerrado'}`}</p>;
}

describe('parts whose code arrives when first shown', () => {
  it('fetches a part when it first renders, with the fallback meanwhile', async () => {
    const load = vi.fn(
      async () =>
        function Form() {
          return <p>Formulario</p>;
        },
    );
    const Part = lazyPart(load, <p>Cargando…</p>);

    render(<Part />);

    expect(screen.getByText('Cargando…')).toBeTruthy();
    expect(await screen.findByText('Formulario')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches nothing for a modal until it opens, then keeps it mounted once closed', async () => {
    const load = vi.fn(async () => Modal);
    const LazyModal = lazyModal(load);

    const { rerender } = render(<LazyModal isOpen={false} title="Activar Código" />);
    await act(async () => {});
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText(/Activar Código/)).toBeNull();

    rerender(<LazyModal isOpen title="Activar Código" />);
    expect(await screen.findByText('Activar Código: abierto')).toBeTruthy();

    rerender(<LazyModal isOpen={false} title="Activar Código" />);
    expect(screen.getByText('Activar Código: cerrado')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
