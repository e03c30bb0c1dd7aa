import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToast } from './toast-context';
import { ToastProvider } from './toast-provider';

function Buttons() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast.info('Hay novedades')}>info</button>
      <button onClick={() => toast.success('Tu información fue actualizada')}>success</button>
      <button onClick={() => toast.error('No fue posible actualizar tu información')}>error</button>
    </>
  );
}

function renderToasts() {
  render(
    <ToastProvider>
      <Buttons />
    </ToastProvider>,
  );
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows info and success politely for 5 seconds', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'info' }));
    fireEvent.click(screen.getByRole('button', { name: 'success' }));

    expect(screen.getByRole('status').textContent).toContain('Hay novedades');
    expect(screen.getByRole('status').textContent).toContain('Tu información fue actualizada');
    advance(4_999);
    expect(screen.queryByText('Tu información fue actualizada')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('Tu información fue actualizada')).toBeNull();
    expect(screen.queryByText('Hay novedades')).toBeNull();
  });

  it('announces errors at once and keeps them for 8 seconds', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'error' }));

    expect(screen.getByRole('alert').textContent).toContain(
      'No fue posible actualizar tu información',
    );
    advance(7_999);
    expect(screen.queryByText('No fue posible actualizar tu información')).not.toBeNull();
    advance(1);
    expect(screen.queryByText('No fue posible actualizar tu información')).toBeNull();
  });

  it('shows a repeated message once and restarts its time', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'success' }));
    advance(3_000);
    fireEvent.click(screen.getByRole('button', { name: 'success' }));

    expect(screen.getAllByText('Tu información fue actualizada')).toHaveLength(1);
    advance(4_000);
    expect(screen.queryByText('Tu información fue actualizada')).not.toBeNull();
    advance(1_000);
    expect(screen.queryByText('Tu información fue actualizada')).toBeNull();
  });

  it('can be dismissed before its time', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'error' }));

    fireEvent.click(screen.getByRole('button', { name: 'Cerrar aviso' }));

    expect(screen.queryByText('No fue posible actualizar tu información')).toBeNull();
  });
});
