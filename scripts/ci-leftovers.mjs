#!/usr/bin/env node
// The last step of CI: fails when a process that the run started is still alive — a test server, a
// redis-server or a browser that some suite forgot. The run marks itself by exporting FIELDPLAN_CI_RUN
// (any unique value) after starting the shared services (PostgreSQL, Redis), so they are not counted;
// every process whose environment carries that value, or that descends from the shell that runs this
// script, is the run's — and, with `--named TEXT`, every process whose command line contains TEXT (a
// test's own PostgreSQL cluster is started as another user, without the run's environment, and
// detaches: `--named /tmp/fieldplan-` finds it by its data folder). Each one left is listed and then
// killed by its id, so the machine is clean. Linux only (/proc).
// Usage: `node scripts/ci-leftovers.mjs [grace seconds, default 10] [--named TEXT]…`.
import fs from 'node:fs';

const mark = process.env.FIELDPLAN_CI_RUN;
const args = process.argv.slice(2);
const named = args.flatMap((arg, i) => (args[i - 1] === '--named' ? [arg] : []));
const graceArg = args.find((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--named');
const graceMs = Number(graceArg ?? 10) * 1000;

/** pid → { ppid, state, cmdline } of every live process (zombies have exited already: skipped). */
function processes() {
  const all = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z') continue;
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      all.set(Number(entry), { ppid: Number(ppid), cmdline, pid: Number(entry) });
    } catch {
      // gone while listing
    }
  }
  return all;
}

function marked(pid) {
  if (!mark) return false;
  try {
    return fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`FIELDPLAN_CI_RUN=${mark}`);
  } catch {
    return false;
  }
}

/** The run's processes still alive, other than this script and the shells it runs in. */
function leftovers() {
  const all = processes();
  const ancestors = new Set();
  for (let pid = process.pid; pid > 1 && all.has(pid); pid = all.get(pid).ppid) ancestors.add(pid);
  const descends = (pid) => {
    for (let p = all.get(pid)?.ppid; p && p > 1; p = all.get(p)?.ppid) if (p === process.ppid) return true;
    return false;
  };
  const isNamed = (p) => named.some((text) => p.cmdline.includes(text));
  return [...all.values()].filter((p) => !ancestors.has(p.pid) && (marked(p.pid) || descends(p.pid) || isNamed(p)));
}

if (!mark) console.error('ci-leftovers: FIELDPLAN_CI_RUN is not set; only descendants of this shell are checked.');
const deadline = Date.now() + graceMs;
let left = leftovers();
// A process may still be shutting down after its suite ended: give it the grace period.
while (left.length > 0 && Date.now() < deadline) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  left = leftovers();
}
if (left.length === 0) {
  console.log('ci-leftovers: no process left running');
  process.exit(0);
}
console.error(`ci-leftovers: ${left.length} process(es) started by this run are still running:`);
for (const p of left) console.error(`  pid ${p.pid} (parent ${p.ppid}): ${p.cmdline.slice(0, 300)}`);
for (const p of left) {
  try {
    process.kill(p.pid, 'SIGKILL');
  } catch {
    // exited meanwhile
  }
}
process.exit(1);
