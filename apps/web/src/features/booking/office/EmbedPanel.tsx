import { Button } from '../../../components/Button';
import { Panel } from '../../../components/Panel';
import { useToast } from '../../../components/use-toast';
import { copyText } from '../../../lib/clipboard';

interface EmbedPanelProps {
  publicUrl: string;
  /** The server's `<iframe>` snippet. */
  embedSnippet: string;
  slug: string;
}

/** Where customers book: the page's link, and two ways to put it on the business's own site. */
export function EmbedPanel({ publicUrl, embedSnippet, slug }: EmbedPanelProps) {
  const toast = useToast();
  // A path when the server has no PUBLIC_URL: this browser's origin is the one customers reach too.
  const url = new URL(publicUrl, window.location.origin).href;
  // Without PUBLIC_URL the server's snippet points at a path, which would mean the business's own site.
  const iframe = publicUrl.startsWith('/') ? embedSnippet.replace(`src="${publicUrl}"`, `src="${url}"`) : embedSnippet;
  const script = `<script src="${new URL('/book/embed.js', url).href}" data-workspace="${slug}" async></script>`;
  const copy = async (text: string, what: string) => {
    const ok = await copyText(text);
    toast(
      ok
        ? { tone: 'success', message: `${what} copied` }
        : { tone: 'error', message: `Couldn't copy the ${what.toLowerCase()}` },
    );
  };
  const rows = [
    { label: 'Link', text: url, what: 'Link', hint: 'Share it, or link to it from your site.' },
    { label: 'Embed (iframe)', text: iframe, what: 'Embed code', hint: 'Paste into your site’s HTML.' },
    {
      label: 'Embed (script)',
      text: script,
      what: 'Script',
      hint: 'Inserts the page where you paste it and fits its height to the page.',
    },
  ];
  return (
    <Panel title="On your website" description="Customers book on this page; it works on phones and inside your site.">
      <div className="booking-embed">
        {rows.map((row) => (
          <div key={row.label} className="booking-embed-row">
            <div className="booking-embed-head">
              <span className="booking-embed-label">{row.label}</span>
              <Button
                size="sm"
                icon="copy"
                onClick={() => void copy(row.text, row.what)}
                aria-label={`Copy ${row.label.toLowerCase()}`}
              >
                Copy
              </Button>
            </div>
            <code className="booking-code">{row.text}</code>
            <span className="booking-muted">{row.hint}</span>
          </div>
        ))}
        <a href={url} target="_blank" rel="noreferrer" className="booking-open">
          Open the booking page
        </a>
      </div>
    </Panel>
  );
}
