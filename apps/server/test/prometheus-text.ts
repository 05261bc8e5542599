/** One sample of a Prometheus text exposition. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const metricName = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const types = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+(-?\d+))?$/;
const labelPair = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\[\\"n])*)"\s*(,|$)/y;

/** As Prometheus reads values (Go's ParseFloat): NaN and Inf in any letter case. */
function parseValue(text: string): number {
  const lower = text.toLowerCase();
  if (lower === '+inf' || lower === 'inf') return Number.POSITIVE_INFINITY;
  if (lower === '-inf') return Number.NEGATIVE_INFINITY;
  if (lower === 'nan') return Number.NaN;
  const value = Number(text);
  if (text === '' || Number.isNaN(value)) throw new Error(`not a sample value: ${text}`);
  return value;
}

function parseLabels(text: string | undefined): Record<string, string> {
  const labels: Record<string, string> = {};
  if (!text) return labels;
  labelPair.lastIndex = 0;
  while (labelPair.lastIndex < text.length) {
    const match = labelPair.exec(text);
    if (!match?.[1]) throw new Error(`malformed labels: {${text}}`);
    labels[match[1]] = (match[2] ?? '').replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));
    if (match[3] === '') break;
  }
  return labels;
}

/**
 * Parses Prometheus' text format (0.0.4) strictly: HELP/TYPE comments with known types, a TYPE before
 * its family's samples and at most once, well-formed names, labels and values. Throws on any fault.
 */
export function parsePrometheusText(text: string): Sample[] {
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a newline');
  const typed = new Map<string, string>();
  const samples: Sample[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (line === '') continue;
    const where = `line ${i + 1}: ${line}`;
    if (line.startsWith('#')) {
      const [, keyword, name, rest] = /^#\s+(HELP|TYPE)\s+(\S+)\s*(.*)$/.exec(line) ?? [];
      if (!keyword) continue; // a plain comment
      if (!name || !metricName.test(name)) throw new Error(`bad metric name, ${where}`);
      if (keyword === 'TYPE') {
        if (!types.has(rest ?? '')) throw new Error(`unknown type, ${where}`);
        if (typed.has(name)) throw new Error(`second TYPE, ${where}`);
        typed.set(name, rest ?? '');
      }
      continue;
    }
    const match = sampleLine.exec(line);
    if (!match?.[1] || match[3] === undefined) throw new Error(`malformed sample, ${where}`);
    const name = match[1];
    const family = [name, name.replace(/_(bucket|sum|count|total|created)$/, '')].find((n) => typed.has(n));
    if (!family) throw new Error(`sample without a TYPE, ${where}`);
    const labels = parseLabels(match[2]);
    if (typed.get(family) === 'histogram' && name.endsWith('_bucket') && labels.le === undefined) {
      throw new Error(`histogram bucket without le, ${where}`);
    }
    samples.push({ name, labels, value: parseValue(match[3]) });
  }
  return samples;
}

/** The value of the one sample named `name` whose labels include `labels`; undefined when none. */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples match ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}
