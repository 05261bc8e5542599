import { type RefObject, useEffect, useMemo, useState } from 'react';
import { lightTheme, type MapTheme } from './glyphs';

function read(element: HTMLElement | null): MapTheme {
  if (!element || typeof getComputedStyle === 'undefined') return lightTheme;
  const style = getComputedStyle(element);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const dark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
  return {
    dark,
    surface: token('--surface', lightTheme.surface),
    text: token('--text', lightTheme.text),
    accent: token('--accent', lightTheme.accent),
    danger: token('--fm-outside', lightTheme.danger),
    warning: token('--warning', lightTheme.warning),
    cluster: token('--fm-cluster', lightTheme.cluster),
    customer: token('--fm-customer', lightTheme.customer),
  };
}

/** Canvas colours from the CSS tokens of `ref`'s element, re-read when the OS theme changes. */
export function useMapTheme(ref: RefObject<HTMLElement | null>): MapTheme {
  const [theme, setTheme] = useState<MapTheme>(lightTheme);
  useEffect(() => {
    setTheme(read(ref.current));
    const query = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
    const onChange = () => setTheme(read(ref.current));
    query?.addEventListener('change', onChange);
    return () => query?.removeEventListener('change', onChange);
  }, [ref]);
  return theme;
}

/** True while the OS asks for the dark theme. */
export function usePrefersDark(): boolean {
  const query = useMemo(
    () => (typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null),
    [],
  );
  const [dark, setDark] = useState(query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const onChange = () => setDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [query]);
  return dark;
}
