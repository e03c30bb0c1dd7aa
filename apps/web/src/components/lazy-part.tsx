import { Suspense, lazy, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';

/*
 * Parts a page hands over from another feature whose code need not come with the page's
 * first view (decision 0070): it is fetched the first time the part is shown. Each part
 * waits in its own Suspense, so the page around it stays on screen meanwhile.
 */

/** A component whose code loads the first time it renders; `fallback` shows meanwhile. */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const Part = lazy(async () => ({ default: await load() }));
  return function LazyPart(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    );
  };
}

/**
 * A modal (`isOpen`) whose code loads when it first opens and which stays mounted after,
 * as the modal itself would have been. Until then it renders nothing.
 */
export function lazyModal<P extends { isOpen: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Modal = lazyPart(load);
  return function LazyModal(props: P) {
    const [hasOpened, setHasOpened] = useState(props.isOpen);
    if (props.isOpen && !hasOpened) setHasOpened(true);
    return hasOpened ? <Modal {...props} /> : null;
  };
}
