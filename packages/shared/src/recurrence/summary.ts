import { parseRule, type RecurrenceRule } from './rule.js';
import { instantToWall } from './zone.js';

const dayNames = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const unitNames = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' } as const;

/** "Mon", "Mon and Wed", "Mon, Wed and Fri". */
function joinList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function ordinal(n: number): string {
  if (n === -1) return 'last';
  if (n < 0) return `${ordinal(-n)} to last`;
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

function dayPart(rule: RecurrenceRule): string {
  const parts: string[] = [];
  const plain = rule.byDay.filter((d) => d.nth === null).map((d) => d.weekday);
  if (plain.length > 0) {
    const sorted = [...plain].sort((a, b) => a - b);
    parts.push(sorted.join() === '0,1,2,3,4' ? 'on weekdays' : `on ${joinList(sorted.map((d) => dayNames[d] ?? ''))}`);
  }
  const nth = rule.byDay.filter((d) => d.nth !== null);
  if (nth.length > 0) {
    parts.push(`on the ${joinList(nth.map((d) => `${ordinal(d.nth ?? 1)} ${dayNames[d.weekday] ?? ''}`))}`);
  }
  if (rule.byMonthDay.length > 0) {
    const days = rule.byMonthDay.map((d) => (d === -1 ? 'the last day' : d < 0 ? `${ordinal(d)} day` : String(d)));
    parts.push(
      rule.byMonthDay.length === 1 && rule.byMonthDay[0] !== -1 ? `on day ${days[0]}` : `on days ${joinList(days)}`,
    );
  }
  if (rule.byMonth.length > 0) parts.push(`in ${joinList(rule.byMonth.map((m) => monthNames[m - 1] ?? ''))}`);
  return parts.join(' ');
}

/**
 * A plain-language summary of an RRULE value for the job form: "Every 2 weeks on Mon and Wed,
 * 10 times". UNTIL instants are shown as dates of `zone` (default UTC). Invalid rules → null.
 */
export function describeRule(value: string, zone = 'UTC'): string | null {
  const result = parseRule(value);
  if (!result.ok) return null;
  const rule = result.rule;
  const unit = unitNames[rule.freq];
  const every =
    rule.interval === 1 ? (unit === 'day' ? 'Every day' : `Every ${unit}`) : `Every ${rule.interval} ${unit}s`;
  const days = dayPart(rule);
  let text = days ? `${every} ${days}` : every;
  if (rule.count !== null) text += rule.count === 1 ? ', once' : `, ${rule.count} times`;
  if (rule.until) {
    const ms = rule.until.kind === 'utc' ? instantToWall(zone, rule.until.ms) : rule.until.ms;
    const d = new Date(ms);
    text += `, until ${d.getUTCDate()} ${monthNames[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  }
  return text;
}
