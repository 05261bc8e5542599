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
      label: intl.formatMessage({ id: 'booking.embed.link', defaultMessage: 'Link' }),
      copyLabel: intl.formatMessage({ id: 'booking.embed.copyLink', defaultMessage: 'Copy link' }),
      text: url,
      copied: intl.formatMessage({ id: 'booking.embed.linkCopied', defaultMessage: 'Link copied' }),
      failed: intl.formatMessage({ id: 'booking.embed.linkFailed', defaultMessage: "Couldn't copy the link" }),
      hint: intl.formatMessage({
        id: 'booking.embed.linkHint',
        defaultMessage: 'Share it, or link to it from your site.',
      }),
    },
    {
      key: 'iframe',
      label: intl.formatMessage({ id: 'booking.embed.iframe', defaultMessage: 'Embed (iframe)' }),
      copyLabel: intl.formatMessage({ id: 'booking.embed.copyIframe', defaultMessage: 'Copy embed (iframe)' }),
      text: iframe,
      copied: intl.formatMessage({ id: 'booking.embed.iframeCopied', defaultMessage: 'Embed code copied' }),
      failed: intl.formatMessage({ id: 'booking.embed.iframeFailed', defaultMessage: "Couldn't copy the embed code" }),
      hint: intl.formatMessage({ id: 'booking.embed.iframeHint', defaultMessage: 'Paste into your site’s HTML.' }),
    },
    {
      key: 'script',
      label: intl.formatMessage({ id: 'booking.embed.script', defaultMessage: 'Embed (script)' }),
      copyLabel: intl.formatMessage({ id: 'booking.embed.copyScript', defaultMessage: 'Copy embed (script)' }),
      text: script,
      copied: intl.formatMessage({ id: 'booking.embed.scriptCopied', defaultMessage: 'Script copied' }),
      failed: intl.formatMessage({ id: 'booking.embed.scriptFailed', defaultMessage: "Couldn't copy the script" }),
      hint: intl.formatMessage({
        id: 'booking.embed.scriptHint',
        defaultMessage: 'Inserts the page where you paste it and fits its height to the page.',
      }),
    },
  ];
  return (
    <Panel
      title={<Message id="booking.embed.title" defaultMessage="On your website" />}
      description={
        <Message
          id="booking.embed.description"
          defaultMessage="Customers book on this page; it works on phones and inside your site."
        />
      }
    >
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
                <Message id="booking.embed.copy" defaultMessage="Copy" />
              </Button>
            </div>
            <code className="booking-code">{row.text}</code>
            <span className="booking-muted">{row.hint}</span>
          </div>
        ))}
        <a href={url} target="_blank" rel="noreferrer" className="booking-open">
          <Message id="booking.embed.open" defaultMessage="Open the booking page" />
        </a>
      </div>
    </Panel>
  );
}
