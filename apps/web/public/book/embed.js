// Fieldplan's booking page on your own site: put
//   <script src="https://YOUR-FIELDPLAN/book/embed.js" data-workspace="YOUR-SLUG" async></script>
// where the page should appear. It inserts an <iframe> of /book/YOUR-SLUG right there and sizes it
// to the page inside (which posts its height); nothing else is read from or written to your page.
(() => {
  const script = document.currentScript;
  if (!script?.src) return;
  const origin = new URL(script.src).origin;
  const slug = script.getAttribute('data-workspace') || '';
  if (!slug) return;
  const frame = document.createElement('iframe');
  frame.src = `${origin}/book/${encodeURIComponent(slug)}`;
  frame.title = script.getAttribute('data-title') || 'Book a visit';
  frame.loading = 'lazy';
  frame.style.cssText = 'display:block;width:100%;max-width:680px;height:720px;border:0;color-scheme:normal';
  script.insertAdjacentElement('afterend', frame);
  window.addEventListener('message', (event) => {
    // Only the frame this script made, from the booking server, and only a height.
    if (event.source !== frame.contentWindow || event.origin !== origin) return;
    const data = event.data;
    if (data?.type !== 'fieldplan:book:height' || typeof data.height !== 'number') return;
    frame.style.height = `${Math.min(Math.max(Math.round(data.height), 200), 6000)}px`;
  });
})();
