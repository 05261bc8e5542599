import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually, repoRoot, spawnUntil } from './realtime-harness.js';

// A test that gives up on a server still starting must not leave it running: every spawned child is
// owned from the moment it starts (docs/adr/0040-owned-child-processes.md).

/** Processes whose command line carries `marker` (Linux /proc), as pids. */
function processesWith(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // A zombie has exited; only its exit status is left for the parent to collect.
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) pids.push(Number(entry));
    } catch {
      // gone while listing
    }
  }
  return pids;
}

/** A Node program that never becomes ready; `marker` names it in the process list. */
const neverReady = (marker: string) => `setInterval(() => {}, 1000); // ${marker}`;

describe('child processes of the tests and scripts', () => {
  const markers: string[] = [];
  const marked = (name: string) => {
    const marker = `${name}-${randomUUID()}`;
    markers.push(marker);
    return marker;
  };
  // Should a check fail, what it left running is stopped here, by its id.
  afterEach(() => {
    for (const pid of markers.splice(0).flatMap(processesWith)) process.kill(pid, 'SIGKILL');
  });

  it('a server that never becomes ready is killed when its start gives up', async () => {
    const marker = marked('never-ready');
    await expect(spawnUntil(['-e', neverReady(marker)], {}, /listening/, 500)).rejects.toThrow(/not ready|did not/);
    await eventually(() => processesWith(marker).length === 0, 5000, 'the never-ready child to be gone');
  });

  it('a child is owned from its start: it dies with the process that started it, ready or not', async () => {
    const marker = marked('orphan');
    // The starter spawns a never-ready child, says it did, and exits without stopping it.
    const starter = [
      `import { spawnOwned } from ${JSON.stringify(`${repoRoot}scripts/children.mjs`)};`,
      `spawnOwned(process.execPath, ['-e', ${JSON.stringify(neverReady(marker))}], { stdio: 'ignore' });`,
      `console.log('spawned'); setTimeout(() => process.exit(0), 100);`,
    ].join('\n');
    const run = spawn(process.execPath, ['--input-type=module', '-e', starter], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    run.stdout?.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    const code = await new Promise<number | null>((resolve) => run.once('exit', resolve));
    expect({ code, out: out.trim() }).toEqual({ code: 0, out: 'spawned' });
    await eventually(() => processesWith(marker).length === 0, 5000, 'the starter’s child to be gone');
  });

  it('the closing check of CI fails on a process the run left running, names it and kills it', async () => {
    const marker = marked('left-behind');
    const env = { ...process.env, FIELDPLAN_CI_RUN: randomUUID() };
    const left = spawn(process.execPath, ['-e', neverReady(marker)], { env, stdio: 'ignore' });
    const check = () =>
      spawnSync(process.execPath, ['scripts/ci-leftovers.mjs', '0'], { cwd: repoRoot, env, encoding: 'utf8' });
    const found = check();
    expect(found.status, found.stderr).toBe(1);
    expect(found.stderr).toContain(`pid ${left.pid} `);
    await eventually(() => processesWith(marker).length === 0, 5000, 'the left-behind child to be killed');
    const clean = check();
    expect({ status: clean.status, stdout: clean.stdout.trim() }).toEqual({
      status: 0,
      stdout: 'ci-leftovers: no process left running',
    });
  });

  it('with --named it also finds a process that left the run: detached, without its environment', async () => {
    const marker = marked('detached');
    // sh starts it in the background and exits: it is handed to another parent, as a daemon is.
    spawnSync('sh', ['-c', `"${process.execPath}" -e '${neverReady(marker)}' >/dev/null 2>&1 &`], { stdio: 'ignore' });
    await eventually(() => processesWith(marker).length === 1, 5000, 'the detached process to run');
    const env = { ...process.env, FIELDPLAN_CI_RUN: randomUUID() };
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['scripts/ci-leftovers.mjs', '0', ...args], { cwd: repoRoot, env, encoding: 'utf8' });
    expect(run().status).toBe(0);
    const found = run('--named', marker);
    expect(found.status, found.stderr).toBe(1);
    expect(found.stderr).toContain(marker);
    await eventually(() => processesWith(marker).length === 0, 5000, 'the detached process to be killed');
  });
});
