import type { CSSProperties, ReactNode } from 'react';
import './Skeleton.css';

interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  round?: boolean;
}

/** A grey placeholder block in the shape of what is loading. */
export function Skeleton({ width = '100%', height = 12, round = false }: SkeletonProps) {
  return <span className={`skeleton${round ? ' skeleton-round' : ''}`} style={{ width, height }} aria-hidden="true" />;
}

/** Wraps placeholders: announces "Loading …" once instead of reading out grey boxes. */
export function Loading({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div aria-busy="true">
      <span className="visually-hidden" role="status">
        {label}
      </span>
      {children}
    </div>
  );
}
