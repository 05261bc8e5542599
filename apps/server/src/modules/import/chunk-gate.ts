import { MessageChannel, type MessagePort, threadId } from 'node:worker_threads';

/**
 * Tests: holds each chunk of an import's rows phase inside its transaction — rows written, not yet
 * committed — until released, so a test can show what the main thread answers meanwhile without timing
 * anything. The worker thread reports each held chunk over a channel of its own.
 */
export class ChunkGate {
  private port: MessagePort | null = null;
  private held = 0;
  private holder = 0;
  private waiters: { n: number; resolve: (threadId: number) => void }[] = [];

  /** The worker's end of a new channel, one per rows phase (its chunks count from 1 again). */
  connect(): MessagePort {
    this.port?.close();
    this.held = 0;
    const { port1, port2 } = new MessageChannel();
    port1.on('message', (m: { held: number; threadId: number }) => {
      this.held = m.held;
      this.holder = m.threadId;
      for (const w of this.waiters.filter((w) => w.n <= m.held)) w.resolve(m.threadId);
      this.waiters = this.waiters.filter((w) => w.n > m.held);
    });
    port1.unref();
    this.port = port1;
    return port2;
  }

  /** Resolves with the holding thread's id once chunk `n` (from 1) of the current phase is held. */
  reached(n: number): Promise<number> {
    if (this.held >= n) return Promise.resolve(this.holder);
    return new Promise((resolve) => this.waiters.push({ n, resolve }));
  }

  /** Lets the held chunk commit. */
  release(): void {
    this.port?.postMessage('release');
  }
}

/** The worker's side: reports chunk `n` as held and waits for its release, or for the phase to be stopped. */
export const holdingOn =
  (port: MessagePort, stopped: Promise<void>) =>
  async (n: number): Promise<void> => {
    const released = new Promise<void>((resolve) => port.once('message', () => resolve()));
    port.postMessage({ held: n, threadId });
    await Promise.race([released, stopped]);
  };
