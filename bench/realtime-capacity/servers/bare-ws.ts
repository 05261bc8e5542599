/**
 * The limit: a bare `ws` server whose `/publish` encodes the event as one WebSocket text frame, once,
 * and writes that buffer to every open socket — no protocol, no channels, no per-socket checks.
 */
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { createPublishServer, listen } from './http-publish.js';

/** An unmasked FIN text frame holding `payload` (server frames are never masked). */
function textFrame(payload: Buffer): Buffer {
  const len = payload.length;
  const head = len < 126 ? 2 : len < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + len);
  frame[0] = 0x81;
  if (head === 2) frame[1] = len;
  else if (head === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(len, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(len), 2);
  }
  payload.copy(frame, head);
  return frame;
}

const sockets = new Set<Duplex>();
const wss = new WebSocketServer({ noServer: true, clientTracking: false, perMessageDeflate: false });
const server = createPublishServer((_name, data) => {
  const frame = textFrame(Buffer.from(data));
  for (const socket of sockets) socket.write(frame);
});
server.on('upgrade', (req, socket, head) => {
  wss.handleUpgrade(req, socket, head, (ws) => {
    sockets.add(socket);
    ws.on('close', () => sockets.delete(socket));
    ws.on('error', () => sockets.delete(socket));
  });
});
listen(server);
