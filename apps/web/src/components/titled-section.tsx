import { useId } from 'react';
import type { ReactNode } from 'react';

/**
 * A section named by its h2 (so screen readers list it as a region with that name);
 * `busy` while its content loads.
 */
export function TitledSection({
  title,
  className,
  titleClassName,
  busy,
  children,
}: {
  title: ReactNode;
  className?: string;
  titleClassName?: string;
  busy?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className={className} aria-labelledby={titleId} aria-busy={busy || undefined}>
      <h2 className={titleClassName} id={titleId}>
        {title}
      </h2>
      {children}
    </section>
  );
}
