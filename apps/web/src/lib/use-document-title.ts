import { useEffect } from 'react';

/** Sets the tab title to "<title> · Fieldplan" while the screen is shown. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Fieldplan` : 'Fieldplan';
  }, [title]);
}
