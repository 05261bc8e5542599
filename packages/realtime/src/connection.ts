import type { Duplex } from 'node:stream';
import { WebSocket } from 'ws';
import type { PresenceMember } from './adapters/adapter.js';
import type { Traffic } from './hub.js';
import { CloseCode } from './protocol/codes.js';
import { frames } from './protocol/messages.js';
import type { WriteBatcher } from './write-batcher.js';

export interface SignedInUser {
  id: string;
  /** The `user_data` JSON string as signed. */
  userData: string;
  /** `user_info` from `user_data`, used for presence joins without `channel_data`. */
  info: unknown;
}

const TEXT = { binary: false } as const;

/** One client's WebSocket and what the protocol knows about it. */
export class Connection {
  user: SignedInUser | null = null;
  /** channel → the presence member this connection joined as (undefined for other kinds). */
  readonly subscriptions = new Map<string, PresenceMember | undefined>();
  /**
   * Presence channel → the member ids this client was told of (its list plus the member_added and
   * member_removed sent since), so a recovery can send it just what it missed (docs/adr/0033).
   */
  readonly presenceViews = new Map<string, Set<string>>();
  /** When it opened, in the hub's own order (see `LocalHub.markTerminated`). */
  openedAt = 0;
  /**
   * `requireSignIn`: private and presence subscriptions that arrived before the sign-in, channel → the
   * subscribe's data; admitted once the connection signs in, refused at `signInDeadline`.
   */
  readonly awaitingSignIn = new Map<string, Record<string, unknown>>();
  signInDeadline: NodeJS.Timeout | undefined;
  lastActivity = Date.now();
  /** When the server pinged and is still waiting for any frame; 0 when not waiting. */
  pingSentAt = 0;
  closed = false;
  /** Frames are handled one after another, so a subscribe that awaits the adapter can't race an unsubscribe. */
  queue: Promise<void> = Promise.resolve();
  private tokens: number;
  private refilledAt = Date.now();

  constructor(
    private readonly ws: WebSocket,
    /** The upgraded TCP socket under `ws`: broadcasts write their ready-made frame to it directly. */
    private readonly socket: Duplex,
    readonly socketId: string,
    private readonly eventsPerSecond: number,
    private readonly maxBufferedBytes: number,
    private readonly traffic: Traffic = { in: 0, out: 0 },
    /** The peer's address (`limits.maxConnectionsPerAddress`). */
    readonly address = '',
  ) {
    this.tokens = eventsPerSecond;
  }

  /** Sends an encoded frame (a Buffer is sent as a text frame, so one encoding serves every subscriber). */
  send(frame: string | Buffer): void {
    if (this.closed) return;
    if (this.ws.bufferedAmount > this.maxBufferedBytes) {
      this.close(CloseCode.OverCapacity, 'Client too slow to read its messages');
      return;
    }
    this.ws.send(frame, TEXT);
    this.traffic.out += 1;
  }

  /**
   * Writes a complete WebSocket frame shared by every subscriber (see `textFrame`). Safe beside `ws`'s own
   * writes: without compression `ws` writes each frame synchronously, so frames never interleave.
   */
  sendEncoded(frame: Buffer, batcher?: WriteBatcher): void {
    if (this.closed || this.ws.readyState !== WebSocket.OPEN) return;
    if (this.socket.writableLength > this.maxBufferedBytes) {
      this.close(CloseCode.OverCapacity, 'Client too slow to read its messages');
      return;
    }
    batcher?.hold(this.socket);
    this.socket.write(frame);
    this.traffic.out += 1;
  }

  sendError(code: number, message: string): void {
    this.send(frames.error(code, message));
  }

  /** Any frame from the client shows it is alive. */
  touch(now = Date.now()): void {
    this.lastActivity = now;
    this.pingSentAt = 0;
  }

  /** Token bucket: `eventsPerSecond` a second with a burst of the same size. */
  takeClientEventToken(now = Date.now()): boolean {
    this.tokens = Math.min(this.eventsPerSecond, this.tokens + ((now - this.refilledAt) / 1000) * this.eventsPerSecond);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Closes with a code (see protocol/codes.ts for which codes make pusher-js reconnect). */
  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.signInDeadline);
    this.ws.close(code, reason.slice(0, 120));
    this.onClosed?.();
  }

  /** Set by the server: runs once, whether we closed or the client did. */
  onClosed?: () => void;

  /** The client went away (its close frame or a dropped TCP connection). */
  markClosed(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.signInDeadline);
    this.onClosed?.();
  }

  /** Channels held or waiting for the sign-in: what `limits.maxSubscriptionsPerConnection` counts. */
  get channelCount(): number {
    return this.subscriptions.size + this.awaitingSignIn.size;
  }
}
