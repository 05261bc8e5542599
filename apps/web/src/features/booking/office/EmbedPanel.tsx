import { Button } from '../../../components/Button';
import { Panel } from '../../../components/Panel';
import { useToast } from '../../../components/use-toast';
import { copyText } from '../../../lib/clipboard';
import { Message, useIntl } from '../../../lib/i18n';

interface EmbedPanelProps {
  publicUrl: string;
  /** The server's `<iframe>` snippet. */
  embedSnippet: string;
  slug: string;
}

/** Where customers book: the page's link, and two ways to put it on the business's own site. */
export function EmbedPanel({ publicUrl, embedSnippet, slug }: EmbedPanelProps) {
  const toast = useToast();
  const intl = useIntl();
  // A path when the server has no PUBLIC_URL: this browser's origin is the one customers reach too.
  const url = new URL(publicUrl, window.location.origin).href;
  // Without PUBLIC_URL the server's snippet points at a path, which would mean the business's own site.
  const iframe = publicUrl.startsWith('/') ? embedSnippet.replace(`src="${publicUrl}"`, `src="${url}"`) : embedSnippet;
  const script = `<script src="${new URL('/book/embed.js', url).href}" data-workspace="${slug}" async></script>`;
  const copy = async (text: string, copied: string, failed: string) => {
    const ok = await copyText(text);
    toast(ok ? { tone: 'success', message: copied } : { tone: 'error', message: failed });
  };
  const rows = [
    {
      key: 'link',
      label: intl.formatMessage({ id: 'booking.embed.link' }),
      copyLabel: intl.formatMessage({ id: 'booking.embed.copyLink' }),
      text: url,
      copied: intl.formatMessage({ id: 'booking.embed.linkCopied' }),
      failed: intl.formatMessage({ id: 'booking.embed.linkFailed' }),
      hint: intl.formatMessage({ id: 'booking.embed.linkHint' }),
    },
    {
      key: 'iframe',
      label: intl.formatMessage({ id: 'booking.embed.iframe' }),
      copyLabel: intl.formatMessage({ id: 'booking.embed.copyIframe' }),
      text: iframe,
      copied: intl.formatMessage({ id: 'booking.embed.iframeCopied' }),
      failed: intl.formatMessage({ id: 'booking.embed.iframeFailed' }),
      hint: intl.formatMessage({ id: 'booking.embed.iframeHint' }),
    },
    {
      key: 'script',
      label: intl.formatMessage({ id: 'booking.embed.script' }),
      copyLabel: intl.formatMessage({ id: 'booking.embed.copyScript' }),
      text: script,
      copied: intl.formatMessage({ id: 'booking.embed.scriptCopied' }),
      failed: intl.formatMessage({ id: 'booking.embed.scriptFailed' }),
      hint: intl.formatMessage({ id: 'booking.embed.scriptHint' }),
    },
  ];
  return (
    <Panel title={<Message id="booking.embed.title" />} description={<Message id="booking.embed.description" />}>
      <div className="booking-embed">
        {rows.map((row) => (
          <div key={row.key} className="booking-embed-row">
            <div className="booking-embed-head">
              <span className="booking-embed-label">{row.label}</span>
              <Button
                size="sm"
                icon="copy"
                onClick={() => void copy(row.text, row.copied, row.failed)}
                aria-label={row.copyLabel}
              >
                <Message id="booking.embed.copy" />
              </Button>
            </div>
            <code className="booking-code">{row.text}</code>
            <span className="booking-muted">{row.hint}</span>
          </div>
        ))}
        <a href={url} target="_blank" rel="noreferrer" className="booking-open">
          <Message id="booking.embed.open" />
        </a>
      </div>
    </Panel>
  );
}
