#!/usr/bin/env node
// The message catalogs (docs/adr/0042-languages.md). The code names message ids — `<Message id=…>`,
// `intl.formatMessage({ id })`, `defineMessages`, `t({ id })`; each language's text is in its catalog:
// English in messages/en.json, another language in the JSON parts of messages/<language>/.
//   `npm run lint:i18n` — fails when a message has no explicit dotted id, when the code names an id
//     the English catalog lacks (or keeps English text beside the id, where it would drift from the
//     catalog), when the English catalog keeps a message the code no longer names, or when another
//     language's catalog lacks a message, keeps one English no longer has, has one twice, or does not
//     keep a message's arguments.
// FIELDPLAN_I18N_ROOT points it at another tree (the tests plant faults in a copy).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root as projectRoot } from './lib.mjs';

const root = process.env.FIELDPLAN_I18N_ROOT ?? projectRoot;
const bin = path.join(projectRoot, 'node_modules', '.bin', 'formatjs');

/** Where messages are written, and where their catalogs live. */
const scopes = [
  { name: 'web', source: 'apps/web/src', catalogs: 'apps/web/src/lib/i18n/messages' },
  { name: 'server', source: 'apps/server/src', catalogs: 'apps/server/src/i18n/messages' },
];

/** A message id: lower camel case words joined by dots, at least two ("board.newJob"). */
const idPattern = /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9]+)+$/;

function sourceFiles(dir) {
  const files = [];
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (
        /\.(ts|tsx)$/.test(entry.name) &&
        !/\.(test|spec)\.tsx?$/.test(entry.name) &&
        !entry.name.endsWith('.d.ts')
      )
        files.push(full);
    }
  };
  walk(dir);
  return files.sort();
}

/** The messages the code of a scope names: id → { defaultMessage? }. */
function extract(scope) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-i18n-'));
  const list = path.join(dir, 'files.txt');
  const out = path.join(dir, 'messages.json');
  fs.writeFileSync(list, sourceFiles(path.join(root, scope.source)).join('\n'));
  const run = spawnSync(
    bin,
    [
      'extract',
      '--in-file',
      list,
      '--out-file',
      out,
      '--additional-function-names',
      't',
      '--additional-component-names',
      'Message',
      '--throws',
    ],
    { cwd: root, encoding: 'utf8' },
  );
  if (run.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`${scope.name}: extraction failed\n${run.stderr || run.stdout}`);
  }
  const messages = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(dir, { recursive: true, force: true });
  return messages;
}

/** The scopes this tree has (a planted test tree may hold only one). */
const present = () => scopes.filter((scope) => fs.existsSync(path.join(root, scope.source)));

/** Ids the code names in a descriptor that extraction cannot see (one built apart from `defineMessages`). */
function namedIds(scope) {
  const ids = new Set();
  const pattern = /\bid(?:=|:\s*)(["'])([a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9]+)+)\1/g;
  for (const file of sourceFiles(path.join(root, scope.source))) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(pattern)) ids.add(match[2]);
  }
  return ids;
}

async function check(scope, problems) {
  const { translationProblem } = await import(path.join(projectRoot, 'packages/shared/src/i18n/placeholders.ts'));
  const extracted = extract(scope);
  const dir = path.join(root, scope.catalogs);
  const enFile = path.join(dir, 'en.json');
  const enName = path.relative(root, enFile);
  const english = fs.existsSync(enFile) ? JSON.parse(fs.readFileSync(enFile, 'utf8')) : {};
  for (const [id, { defaultMessage }] of Object.entries(extracted)) {
    if (!idPattern.test(id)) problems.push(`${scope.name}: message ${id} needs an explicit dotted id`);
    else if (!(id in english)) problems.push(`${scope.name}: ${id} is not in ${enName}: add its English there`);
    if (defaultMessage !== undefined)
      problems.push(`${scope.name}: ${id} has its English in the code: move "${defaultMessage}" to ${enName}`);
  }
  const named = namedIds(scope);
  for (const id of Object.keys(english)) {
    if (!(id in extracted) && !named.has(id))
      problems.push(`${scope.name}: ${enName} keeps ${id}, which the code no longer names`);
  }
  const languages = fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory());
  for (const { name: language } of languages) {
    // A language is a folder of parts (one a feature or area of the app); an id lives in one part only.
    const catalog = {};
    for (const part of fs
      .readdirSync(path.join(dir, language))
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      for (const [id, text] of Object.entries(JSON.parse(fs.readFileSync(path.join(dir, language, part), 'utf8')))) {
        if (id in catalog) problems.push(`${scope.name}/${language}: ${id} is in two parts (one is ${part})`);
        catalog[id] = text;
      }
    }
    for (const [id, source] of Object.entries(english)) {
      if (!(id in catalog)) {
        problems.push(`${scope.name}/${language}: no message ${id} ("${source}")`);
        continue;
      }
      const problem = translationProblem(source, catalog[id]);
      if (problem?.kind === 'syntax')
        problems.push(`${scope.name}/${language}: ${id} does not parse: ${problem.message}`);
      else if (problem)
        problems.push(
          `${scope.name}/${language}: ${id} ${problem.kind === 'missing' ? 'drops' : 'adds'} ${problem.names.join(', ')}`,
        );
    }
    for (const id of Object.keys(catalog)) {
      if (!(id in english)) problems.push(`${scope.name}/${language}: ${id} is not in ${enName}`);
    }
  }
}

const command = process.argv[2];
if (command === 'check') {
  const problems = [];
  for (const scope of present()) await check(scope, problems);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n${problems.length} problem(s) in the message catalogs`);
    process.exit(1);
  }
  console.log('message catalogs: complete');
} else {
  console.error('usage: node scripts/i18n.mjs check');
  process.exit(2);
}
