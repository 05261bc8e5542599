import type Pusher from 'pusher-js';
import type { Channel } from 'pusher-js';

// Each handler takes its own event's payload; `never` lets one record hold them all (pusher-js passes `any`).
type Handler = (data: never) => void;
const holders = new WeakMap<Pusher, Map<string, number>>();

/**
 * Subscribes `name` (once per connection however many parts of the app hold it) and binds
 * `handlers`; the returned release unbinds them and unsubscribes when the last holder lets go.
 */
export function holdChannel(pusher: Pusher, name: string, handlers: Record<string, Handler>): () => void {
  const counts = holders.get(pusher) ?? new Map<string, number>();
  holders.set(pusher, counts);
  counts.set(name, (counts.get(name) ?? 0) + 1);
  const channel: Channel = pusher.subscribe(name);
  for (const [event, handler] of Object.entries(handlers)) channel.bind(event, handler);
  // Joined already (another holder came first): this one hears about it too.
  // pusher-js hands this handler the channel's data; ours read the channel itself, not the argument.
  if (channel.subscribed) handlers['pusher:subscription_succeeded']?.(undefined as never);
  return () => {
    for (const [event, handler] of Object.entries(handlers)) channel.unbind(event, handler);
    const left = (counts.get(name) ?? 1) - 1;
    if (left > 0) {
      counts.set(name, left);
      return;
    }
    counts.delete(name);
    pusher.unsubscribe(name);
  };
}
