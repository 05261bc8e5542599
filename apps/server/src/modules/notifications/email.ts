import nodemailer from 'nodemailer';

/** One email as the worker hands it to the transport; every header value is one line already. */
export interface EmailMessage {
  from: { name: string; address: string };
  replyTo: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per outbox row, so a receiver can drop a copy sent again after a crash. */
  messageId: string;
  /** The signed one-click unsubscribe URL (RFC 8058). */
  unsubscribeUrl: string;
}

export interface Mailer {
  /** Sends one message; resolves with the server's queue id or the Message-ID, rejects on any failure. */
  send(message: EmailMessage): Promise<string>;
  close(): void;
}

/** Email over SMTP (`SMTP_URL`: smtp://user:pass@host:587, or smtps:// for TLS from the start). */
export function smtpMailer(url: string): Mailer {
  // A server that hangs must not hold the worker's lease past its expiry.
  // Pooled connections (several messages per connection, a few connections): a burst of reminders
  // does not open one SMTP connection per message (docs/PERFORMANCE.md, "Customer notifications").
  const timeouts = new URLSearchParams({
    connectionTimeout: '15000',
    greetingTimeout: '15000',
    socketTimeout: '30000',
    pool: 'true',
    maxConnections: '4',
    maxMessages: '500',
  });
  const parsed = new URL(url);
  for (const [k, v] of timeouts) if (!parsed.searchParams.has(k)) parsed.searchParams.set(k, v);
  const transport = nodemailer.createTransport(parsed.toString());
  return {
    async send(m) {
      const info = await transport.sendMail({
        from: m.from,
        to: m.to,
        ...(m.replyTo && { replyTo: m.replyTo }),
        subject: m.subject,
        text: m.text,
        html: m.html,
        messageId: m.messageId,
        date: new Date(),
        headers: {
          'List-Unsubscribe': `<${m.unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      const response = typeof info.response === 'string' ? info.response : '';
      return response.slice(0, 200) || m.messageId;
    },
    close: () => transport.close(),
  };
}
