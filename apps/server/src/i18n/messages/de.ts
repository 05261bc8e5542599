// German: one JSON part per area of the server, merged (docs/TRANSLATING.md).
import notifications from './de/notifications.json' with { type: 'json' };
import problems from './de/problems.json' with { type: 'json' };

const german: Record<string, string> = { ...notifications, ...problems };
export default german;
