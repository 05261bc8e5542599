import { useEffect } from 'react';

/** The message /book/embed.js listens for to size its iframe to the page. */
export const embedHeightMessage = 'fieldplan:book:height';

/**
 * Inside an iframe, tells the embedding page how tall the booking page is whenever that changes
 * (public/book/embed.js resizes the frame), so the business's site shows it without a scrollbar.
 * Only a number leaves the frame.
 */
export function useEmbedHeight(): void {
  useEffect(() => {
    if (window.parent === window) return;
    let last = 0;
    const send = () => {
      const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      window.parent.postMessage({ type: embedHeightMessage, height }, '*');
    };
    const observer = new ResizeObserver(send);
    observer.observe(document.documentElement);
    send();
    return () => observer.disconnect();
  }, []);
}
