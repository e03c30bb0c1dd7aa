/** A page still reading what it shows: what it waits for, said to screen readers, and grey lines. */
export function LoadingSkeleton({ label }: { label: string }) {
  return (
    <>
      <p role="status" className="visually-hidden">
        {label}
      </p>
      <span className="skeleton skeleton--title" />
      <span className="skeleton skeleton--line" />
      <span className="skeleton skeleton--line skeleton--short" />
    </>
  );
}
