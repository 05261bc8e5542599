import type { ReactNode } from 'react';

interface FactProps {
  /** What the fact is about ("Customer", "When"). */
  term: ReactNode;
  /** Its value. */
  children: ReactNode;
  /** A class for the value (`<dd>`). */
  valueClassName?: string | undefined;
}

/** One term and its value in a `<dl>`. */
export function Fact({ term, children, valueClassName }: FactProps) {
  return (
    <>
      <dt>{term}</dt>
      <dd className={valueClassName}>{children}</dd>
    </>
  );
}

/** A fact in a `<div>` of its own, for a `<dl>` laid out by rows or tiles; `className` is the row's. */
export function FactRow({ className, ...fact }: FactProps & { className?: string | undefined }) {
  return (
    <div className={className}>
      <Fact {...fact} />
    </div>
  );
}
