// The e2e mail catcher (started by e2e/run.mjs): a real SMTP server on loopback that Fieldplan sends
// its customer email to, and a loopback HTTP endpoint that lists what arrived as JSON, so specs in
// another process (Vitest) can read the mail the server sent (support/inbox.ts).
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** Starts both servers on free loopback ports; answers their URLs and a close(). */
export async function startMailCatcher() {
  /** Every accepted message, oldest first, as plain JSON. */
  const messages = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push({
            id: messages.length + 1,
            receivedAt: new Date().toISOString(),
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            from: mail.from?.text ?? '',
            to: mail.to
              ? [mail.to]
                  .flat()
                  .map((a) => a.text)
                  .join(', ')
              : '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            // Raw header lines (mailparser turns some, like List-Unsubscribe, into objects).
            headers: Object.fromEntries(mail.headerLines.map((h) => [h.key, h.line.slice(h.key.length + 1).trim()])),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = smtp.server.address().port;

  const web = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/messages') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(messages));
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise((resolve) => web.listen(0, '127.0.0.1', resolve));
  const webPort = web.address().port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: `http://127.0.0.1:${webPort}`,
    close: () =>
      Promise.all([
        new Promise((resolve) => smtp.close(() => resolve())),
        new Promise((resolve) => web.close(() => resolve())),
      ]),
  };
}
