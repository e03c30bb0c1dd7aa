import { act, render, screen } from '@testing-library/react';
import { Component } from 'react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useSettled } from './use-settled';

function Shows({ promise }: { promise: Promise<string> }) {
  const value = useSettled(promise);
  return <p>{value ?? 'esperando'}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { message: string | null }> {
  override state = { message: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { message: error.message };
  }
  override render() {
    return this.state.message ?? this.props.children;
  }
}

function deferred() {
  let resolve: (value: string) => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<string>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('useSettled', () => {
  it('is null until the promise has a value, then the value, at once for a later mount', async () => {
    const pending = deferred();
    const first = render(<Shows promise={pending.promise} />);
    expect(screen.getByText('esperando')).toBeTruthy();
    await act(async () => pending.resolve('listo'));
    expect(screen.getByText('listo')).toBeTruthy();
    first.unmount();

    render(<Shows promise={pending.promise} />);
    expect(screen.getByText('listo')).toBeTruthy();
  });

  it('throws a failure to the nearest error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const pending = deferred();
    render(
      <Boundary>
        <Shows promise={pending.promise} />
      </Boundary>,
    );
    await act(async () => pending.reject(new Error('no cargó')));
    expect(screen.getByText('no cargó')).toBeTruthy();
    vi.restoreAllMocks();
  });
});
