import { type ChangeEvent, workspaceChannels } from '@fieldplan/shared';
import type Pusher from 'pusher-js';
import type { Channel, PresenceChannel } from 'pusher-js';
// The server's realtime tests' client, imported relatively as e2e/support/presence-crowd.ts does.
import { connectPusher } from '../../apps/server/test/pusher-connect.js';
import { type AppNode, type Cluster, eventually } from './cluster.js';

export const demoPassword = 'fieldplan-demo';

/** A signed-in member talking to the cluster through nginx: its cookies, the app's Origin. */
export class Session {
  cookies = new Map<string, string>();
  userId = '';
  workspaceId = '';
  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        origin: this.baseUrl,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(pair.slice(0, at).trim());
      else this.cookies.set(pair.slice(0, at).trim(), value);
    }
    const text = await res.text();
    const json = res.headers.get('content-type')?.includes('json');
    return { status: res.status, body: (json && text ? JSON.parse(text) : text) as unknown };
  }

  async signIn(email: string): Promise<this> {
    const res = await this.request('POST', '/api/v1/auth/sign-in', { email, password: demoPassword });
    if (res.status !== 200) throw new Error(`sign-in as ${email}: ${res.status} ${JSON.stringify(res.body)}`);
    const me = res.body as { user: { id: string }; memberships: Array<{ workspaceId: string; workspaceSlug: string }> };
    this.userId = me.user.id;
    this.workspaceId = me.memberships.find((m) => m.workspaceSlug === 'demo')?.workspaceId ?? '';
    return this;
  }

  /** A job in the demo workspace; resolves with its id once the server acknowledged it. */
  async createJob(title: string): Promise<string> {
    const res = await this.request('POST', `/api/v1/workspaces/${this.workspaceId}/jobs`, {
      title,
      address: 'Torstraße 1, 10119 Berlin',
      lat: 52.529,
      lng: 13.401,
    });
    if (res.status !== 201) throw new Error(`creating ${title}: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body as { id: string }).id;
  }

  /** The change log from `after` (the catch-up a reconnecting client does). */
  async changes(after: number): Promise<{ latestSeq: number; changes: ChangeEvent[] }> {
    const res = await this.request('GET', `/api/v1/workspaces/${this.workspaceId}/changes?after=${after}`);
    return res.body as { latestSeq: number; changes: ChangeEvent[] };
  }
}

export const demoMembers = [
  'owner@demo.test',
  'dispatcher@demo.test',
  'tech1@demo.test',
  'tech2@demo.test',
  'tech3@demo.test',
  'tech4@demo.test',
  'tech5@demo.test',
  'tech6@demo.test',
  'viewer@demo.test',
] as const;

export async function realtimeKey(cluster: Cluster): Promise<string> {
  const res = await fetch(`${cluster.baseUrl}/api/v1/config`);
  return ((await res.json()) as { realtime: { key: string } }).realtime.key;
}

/**
 * A member's app as the web client runs it, in Node: pusher-js connected to one process (or through
 * nginx), authorizing through nginx, holding the workspace's change and presence channels. Like the
 * web client (apps/web/src/realtime/change-feed.ts) it applies changes in seq order and catches up
 * from `/changes?after=` on every (re)subscription, gap and `realtime:resume`.
 */
export class LiveMember {
  readonly pusher: Pusher;
  lastSeq = -1;
  readonly seen = new Set<string>();
  private queue: Promise<void> = Promise.resolve();
  changesChannel!: Channel;
  presence!: PresenceChannel;

  constructor(
    readonly session: Session,
    key: string,
    port: number,
  ) {
    this.pusher = connectPusher({ port, key, origin: session.baseUrl }, session);
  }

  /** Joins both channels; resolves once both subscriptions succeeded. */
  async join(): Promise<this> {
    const ws = this.session.workspaceId;
    this.changesChannel = this.pusher.subscribe(workspaceChannels.changes(ws));
    this.presence = this.pusher.subscribe(workspaceChannels.presence(ws)) as PresenceChannel;
    this.changesChannel.bind('pusher:subscription_succeeded', () => this.catchUp());
    this.changesChannel.bind('realtime:resume', () => this.catchUp());
    this.changesChannel.bind('change', (event: ChangeEvent) => this.received(event));
    await eventually(() => this.changesChannel.subscribed && this.presence.subscribed, 20_000, 'subscriptions');
    await this.settled();
    return this;
  }

  /** Ids of the members this client shows online. */
  online(): string[] {
    const ids: string[] = [];
    this.presence.members.each((m: { id: string }) => ids.push(m.id));
    return ids.sort();
  }

  settled(): Promise<void> {
    return this.queue;
  }

  leave(): void {
    this.pusher.disconnect();
  }

  private received(event: ChangeEvent): void {
    this.queue = this.queue.then(async () => {
      if (this.lastSeq < 0 || event.seq <= this.lastSeq) return;
      if (event.seq === this.lastSeq + 1 && !event.truncated) {
        this.apply(event);
        return;
      }
      await this.fetchMissed();
    });
  }

  private catchUp(): void {
    this.queue = this.queue.then(() => this.fetchMissed());
  }

  private async fetchMissed(): Promise<void> {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      try {
        const page = await this.session.changes(Math.max(this.lastSeq, 0));
        if (this.lastSeq < 0) {
          this.lastSeq = page.latestSeq;
          return;
        }
        for (const change of page.changes) if (change.seq > this.lastSeq) this.apply(change);
        this.lastSeq = Math.max(this.lastSeq, page.latestSeq);
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }

  private apply(change: ChangeEvent): void {
    this.lastSeq = change.seq;
    this.seen.add(change.data.id);
  }
}

/** Open realtime connections on one process, from its own /metrics (loopback, no proxy in between). */
export async function connectionsOn(node: AppNode): Promise<number> {
  const text = await (await fetch(`${node.origin}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('fieldplan_realtime_connections '));
  return Number(line?.split(' ')[1] ?? 0);
}
