/**
 * Publishes events from the generator by HTTP POST on keep-alive connections: to our server through its
 * signed HTTP API (`POST /apps/:id/events`, signed here as the `pusher` SDK signs), to the peers through
 * the `POST /publish` endpoint of their bench server. Same body shape, same transport, one request per event.
 */
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';

export interface PublishTarget {
  port: number;
  /** 'pusher': our HTTP API; 'plain': a peer's `/publish`. */
  api: 'pusher' | 'plain';
  appId: string;
  key: string;
  secret: string;
  channel: string;
}

export const EVENT_NAME = 'change';

/** A workspace change event as Fieldplan publishes them, ending with the sequence and send time (µs). */
export function eventData(seq: number, sentAt: number): string {
  return (
    '{"entity":"job","action":"updated","data":{"id":"job_01JX4ZQ8M3","title":"Replace boiler valve",' +
    `"status":"scheduled","start":"2026-06-01T08:00:00Z","end":"2026-06-01T10:00:00Z"},"seq":${seq},"t":${sentAt}}`
  );
}

export function createPublisher(target: PublishTarget) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  let errors = 0;

  function pathFor(body: string): string {
    if (target.api === 'plain') return '/publish';
    const path = `/apps/${target.appId}/events`;
    const md5 = createHash('md5').update(body).digest('hex');
    const query = `auth_key=${target.key}&auth_timestamp=${Math.floor(Date.now() / 1000)}&auth_version=1.0&body_md5=${md5}`;
    const signature = createHmac('sha256', target.secret).update(`POST\n${path}\n${query}`).digest('hex');
    return `${path}?${query}&auth_signature=${signature}`;
  }

  return {
    get errors() {
      return errors;
    },
    /** Sends one event; resolves when answered (errors are counted, not thrown). */
    publish(data: string): Promise<void> {
      const body = JSON.stringify(
        target.api === 'pusher' ? { name: EVENT_NAME, channels: [target.channel], data } : { name: EVENT_NAME, data },
      );
      return new Promise((resolve) => {
        const req = http.request(
          {
            agent,
            host: '127.0.0.1',
            port: target.port,
            method: 'POST',
            path: pathFor(body),
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            if ((res.statusCode ?? 0) >= 300) errors += 1;
            res.resume();
            res.on('end', resolve);
          },
        );
        req.on('error', () => {
          errors += 1;
          resolve();
        });
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}
