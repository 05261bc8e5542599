import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

// `npm run lint:i18n` and the literal-text lint rule (docs/adr/0042-languages.md) fail CI on what they
// guard; this plants each fault in a small tree laid out like apps/web/src and sees it named.
const run = promisify(execFile);
const project = join(import.meta.dirname, '../../..');
const catalogs = 'apps/web/src/lib/i18n/messages';

const screen = `import { Message, t, useIntl } from '../lib/i18n';
export function Board({ count, name }: { count: number; name: string }) {
  const intl = useIntl();
  document.title = t({ id: 'board.documentTitle' });
  return (
    <div title={intl.formatMessage({ id: 'board.title' }, { name })}>
      <Message id="board.visits" values={{ count }} />
    </div>
  );
}
`;
const english = {
  'board.documentTitle': 'Board',
  'board.title': 'Board of {name}',
  'board.visits': '{count, plural, one {# visit} other {# visits}}',
};
const german = {
  'board.documentTitle': 'Plantafel',
  'board.title': 'Plantafel von {name}',
  'board.visits': '{count, plural, one {# Einsatz} other {# Einsätze}}',
};

let root = '';
function tree(files: Record<string, string>) {
  root = mkdtempSync(join(tmpdir(), 'fieldplan-i18n-test-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
}
const json = (o: object) => `${JSON.stringify(o, null, 2)}\n`;

async function i18n(command: 'check') {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', join(project, 'scripts/i18n.mjs'), command], {
      cwd: project,
      env: { ...process.env, FIELDPLAN_I18N_ROOT: root },
    });
    return { ok: true, output: stdout };
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return { ok: false, output: `${stdout}${stderr}` };
  }
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('npm run lint:i18n', () => {
  it('passes complete catalogs', async () => {
    tree({
      'apps/web/src/Board.tsx': screen,
      [`${catalogs}/en.json`]: json(english),
      [`${catalogs}/de/board.json`]: json(german),
    });
    const checked = await i18n('check');
    expect(checked.output).toContain('complete');
    expect(checked.ok).toBe(true);
  });

  it('names an id English lacks, English the code no longer names, and English written in the code', async () => {
    const { 'board.visits': _visits, ...withoutVisits } = english;
    tree({
      'apps/web/src/Board.tsx': screen.replace(
        "{ id: 'board.title' }",
        "{ id: 'board.title', defaultMessage: 'Board of {name}' }",
      ),
      [`${catalogs}/en.json`]: json({ ...withoutVisits, 'board.gone': 'Gone' }),
    });
    const { ok, output } = await i18n('check');
    expect(ok).toBe(false);
    expect(output).toContain('web: board.visits is not in apps/web/src/lib/i18n/messages/en.json');
    expect(output).toContain(
      'web: apps/web/src/lib/i18n/messages/en.json keeps board.gone, which the code no longer names',
    );
    expect(output).toContain('web: board.title has its English in the code: move "Board of {name}"');
  });

  it('names a message a language lacks, one it keeps that the code dropped, and a lost argument', async () => {
    tree({
      'apps/web/src/Board.tsx': screen,
      [`${catalogs}/en.json`]: json(english),
      [`${catalogs}/de/board.json`]: json({
        'board.documentTitle': 'Plantafel',
        'board.title': 'Plantafel',
        'board.gone': 'Alt',
      }),
      [`${catalogs}/de/shell.json`]: json({ 'board.gone': 'Alt' }),
    });
    const { ok, output } = await i18n('check');
    expect(ok).toBe(false);
    expect(output).toContain('web/de: no message board.visits');
    expect(output).toContain('web/de: board.gone is not in apps/web/src/lib/i18n/messages/en.json');
    expect(output).toContain('web/de: board.title drops name');
    expect(output).toContain('web/de: board.gone is in two parts (one is shell.json)');
  });

  it('refuses a message without an explicit dotted id', async () => {
    tree({
      'apps/web/src/Board.tsx':
        'import { FormattedMessage } from \'react-intl\';\nexport const A = () => <FormattedMessage defaultMessage="Hello" />;\n',
      [`${catalogs}/en.json`]: '{}\n',
    });
    const { ok, output } = await i18n('check');
    expect(ok).toBe(false);
    expect(output).toMatch(/web: message \S+ needs an explicit dotted id/);
  });
});

describe('the literal-text lint rule', () => {
  it('fails on letters in JSX text and in a literal label, and lets messages, numbers and symbols through', async () => {
    tree({
      'biome.json': json({ plugins: [join(project, 'lint/no-literal-text.grit')] }),
      'Screen.tsx': `import { FormattedMessage } from 'react-intl';
export const A = ({ n }: { n: number }) => (
  <div aria-label="Close the panel">
    New job
    <span> · {n} </span>
    <b>42</b>
    <FormattedMessage id="a.b" defaultMessage="Fine" />
    <input placeholder={'Search'} data-kind="job" />
  </div>
);
`,
    });
    const biome = join(project, 'node_modules/.bin/biome');
    const result = await run(biome, ['lint', '--config-path', root, join(root, 'Screen.tsx')], { cwd: root }).then(
      (r) => ({ ok: true, output: r.stdout + r.stderr }),
      (e: { stdout: string; stderr: string }) => ({ ok: false, output: e.stdout + e.stderr }),
    );
    expect(result.ok).toBe(false);
    const found = result.output.match(/Screen\.tsx:(\d+):\d+ plugin/g) ?? [];
    expect(found.map((f) => Number(/:(\d+):/.exec(f)?.[1]))).toEqual([3, 3, 8]);
  });
});
