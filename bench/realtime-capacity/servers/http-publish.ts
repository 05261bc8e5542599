import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A peer's HTTP server with `POST /publish` `{name, data}` (the counterpart of our `POST /apps/:id/events`):
 * reads the body, parses it, hands it to `broadcast`, answers 200 `{}`.
 */
export function createPublishServer(broadcast: (name: string, data: string) => void): Server {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST' || req.url !== '/publish') {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const { name, data } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { name: string; data: string };
      broadcast(name, data);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
}

/** Listens on 127.0.0.1:`PORT` (0: any) and prints `{"listening": port}` as the standalone server does. */
export function listen(server: Server): void {
  server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(
      `${JSON.stringify({ listening: typeof address === 'object' && address ? address.port : 0 })}\n`,
    );
  });
  const stop = () => {
    server.closeAllConnections();
    server.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
