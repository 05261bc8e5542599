// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Right-to-left ready (docs/adr/0042-languages.md): the app's CSS says "start" and "end", not "left"
// and "right", so a right-to-left language needs a catalog and no layout work. Rules for Leaflet's and
// FullCalendar's own elements keep their physical sides: those widgets lay themselves out that way.
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const physical =
  /(?<![-\w])(margin-left|margin-right|padding-left|padding-right|border-left|border-right|left|right)(-[a-z]+)?\s*:|text-align\s*:\s*(left|right)\b|float\s*:\s*(left|right)\b/;
const thirdParty = /leaflet|\.fc\b|\.fc-/;

/** Each declaration with a physical side, outside rules for third-party widgets: `file:line text`. */
export function physicalSides(file: string, css: string): string[] {
  const found: string[] = [];
  const selectors: string[] = [];
  css.split('\n').forEach((line, i) => {
    if (line.includes('{')) selectors.push(line.split('{')[0] ?? '');
    const inside = selectors.some((s) => thirdParty.test(s));
    const declaration = !line.includes('{') && !line.trim().startsWith('/*') && !line.trim().startsWith('*');
    if (declaration && !inside && physical.test(line)) found.push(`${file}:${i + 1} ${line.trim()}`);
    for (let n = (line.match(/}/g) ?? []).length; n > 0; n -= 1) selectors.pop();
  });
  return found;
}

function cssFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

describe('the app’s CSS is right-to-left ready', () => {
  it('uses logical sides (inline-start/end) everywhere but in third-party widgets’ rules', () => {
    const found = cssFiles(src).flatMap((file) =>
      physicalSides(path.relative(src, file), fs.readFileSync(file, 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('sees a physical side, and lets logical ones and Leaflet’s rules through', () => {
    const css = [
      '.a {',
      '  margin-left: 4px;',
      '  inset-inline-start: 0;',
      '  text-align: right;',
      '}',
      '.leaflet-control {',
      '  left: 0;',
      '}',
      '.b { padding-inline-end: 2px; }',
    ].join('\n');
    expect(physicalSides('x.css', css)).toEqual(['x.css:2 margin-left: 4px;', 'x.css:4 text-align: right;']);
  });
});
