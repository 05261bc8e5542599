/**
 * A minimal WebSocket client over raw TCP for the load generator: HTTP upgrade, masked client text
 * frames, a parser for unmasked server frames (text, ping → pong, close). Fragmented messages and
 * extensions are not needed here (every server runs without compression) and are not handled.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';

export interface FrameSink {
  /** A text frame's payload is `buf[start, end)`; `now` is the chunk's arrival time in µs. */
  text(conn: WsConn, buf: Buffer, start: number, end: number, now: number): void;
  closed(conn: WsConn): void;
}

const HEADER_END = Buffer.from('\r\n\r\n');
let maskPool = randomBytes(4096);
let maskAt = 0;

function nextMask(): Buffer {
  if (maskAt + 4 > maskPool.length) {
    maskPool = randomBytes(4096);
    maskAt = 0;
  }
  maskAt += 4;
  return maskPool.subarray(maskAt - 4, maskAt);
}

/** A client frame (FIN set, masked) with `opcode` and `payload`. */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const len = payload.length;
  const head = len < 126 ? 2 : 4;
  const out = Buffer.allocUnsafe(head + 4 + len);
  out[0] = 0x80 | opcode;
  if (len < 126) out[1] = 0x80 | len;
  else {
    out[1] = 0x80 | 126;
    out.writeUInt16BE(len, 2);
  }
  const mask = nextMask();
  mask.copy(out, head);
  for (let i = 0; i < len; i += 1) out[head + 4 + i] = (payload[i] as number) ^ (mask[i & 3] as number);
  return out;
}

/** µs on this process's monotonic clock: what events carry as their send time. */
export const nowMicros = (): number => Math.round(performance.now() * 1000);

export class WsConn {
  /** Per-protocol state, kept by the protocol that drives this connection. */
  state = 0;
  socketId = '';
  private pending: Buffer | null = null;
  private upgraded = false;

  private constructor(
    readonly socket: net.Socket,
    private readonly sink: FrameSink,
  ) {}

  /** Opens TCP, sends the upgrade, resolves once the server answered 101. */
  static open(port: number, path: string, sink: FrameSink): Promise<WsConn> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host: '127.0.0.1', noDelay: true });
      const conn = new WsConn(socket, sink);
      const fail = (err: Error) => reject(err);
      socket.once('error', fail);
      socket.on('connect', () => {
        socket.write(
          `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
            `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
        );
      });
      socket.on('data', (chunk: Buffer) => {
        if (conn.upgraded) return conn.onData(chunk);
        const buf = conn.pending ? Buffer.concat([conn.pending, chunk]) : chunk;
        const end = buf.indexOf(HEADER_END);
        if (end < 0) {
          conn.pending = buf;
          return;
        }
        conn.pending = null;
        if (!buf.toString('latin1', 0, 12).endsWith(' 101')) {
          socket.destroy();
          return reject(new Error(`upgrade refused: ${buf.toString('latin1', 0, Math.min(end, 200))}`));
        }
        conn.upgraded = true;
        socket.off('error', fail);
        socket.on('error', () => socket.destroy());
        socket.on('close', () => sink.closed(conn));
        resolve(conn);
        if (end + 4 < buf.length) conn.onData(buf.subarray(end + 4));
      });
    });
  }

  sendText(text: string): void {
    this.socket.write(clientFrame(0x1, Buffer.from(text)));
  }

  close(): void {
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    const now = nowMicros();
    const buf = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = null;
    const len = buf.length;
    let off = 0;
    while (off + 2 <= len) {
      const b0 = buf[off] as number;
      let size = (buf[off + 1] as number) & 0x7f;
      let head = 2;
      if (size === 126) {
        if (off + 4 > len) break;
        size = buf.readUInt16BE(off + 2);
        head = 4;
      } else if (size === 127) {
        if (off + 10 > len) break;
        size = buf.readUInt32BE(off + 6);
        head = 10;
      }
      const end = off + head + size;
      if (end > len) break;
      const opcode = b0 & 0x0f;
      if (opcode === 0x1) this.sink.text(this, buf, off + head, end, now);
      else if (opcode === 0x9) this.socket.write(clientFrame(0xa, buf.subarray(off + head, end)));
      else if (opcode === 0x8) {
        this.socket.end(clientFrame(0x8, buf.subarray(off + head, Math.min(end, off + head + 2))));
        return;
      }
      off = end;
    }
    if (off < len) this.pending = buf.subarray(off);
  }
}
