import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL cluster of the test's own (never the shared one): the fault tests stop it, freeze it
 * and start it again. initdb and the server run as the `postgres` OS user (PostgreSQL refuses root),
 * so the test itself must run as root — as CI does — or as `postgres`.
 */
export interface PgInstance {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  port: number;
  /** Stops it at once, as a crash or an `kill -9` of the service would (`pg_ctl stop -m immediate`). */
  stop(): void;
  /** Starts it again on the same port and data. */
  start(): void;
  /** SIGSTOP to the postmaster and every backend: a hung database (full disk, frozen VM, network black hole). */
  freeze(): void;
  /** SIGCONT to the same processes. */
  thaw(): void;
  /** Stops it (whatever its state) and removes its files. */
  destroy(): void;
}

function pgBin(name: string): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((v) => fs.existsSync(path.join(base, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error(`PostgreSQL's ${name} was not found under ${base}: install postgresql`);
  return path.join(base, versions[0] as string, 'bin', name);
}

/** A TCP port free now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const asPostgres = (cmd: string, args: string[]) => {
  const runAs = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  return execFileSync(runAs[0] as string, runAs[1] as string[], { stdio: 'pipe', encoding: 'utf8' });
};

/** The postmaster and its children (backends, checkpointer, walwriter …): what a freeze stops. */
function clusterPids(dataDir: string): number[] {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return [];
  const postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  const children = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // Field 4 of /proc/<pid>/stat is the parent pid (after the parenthesised command name).
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

const signalAll = (pids: number[], signal: NodeJS.Signals) => {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // gone already
    }
  }
};

/** initdb into a temp dir and start it on a free port; call `destroy()` in a finally/afterAll. */
export async function startPgInstance(): Promise<PgInstance> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-pg-'));
  const dataDir = path.join(dir, 'data');
  const socketDir = path.join(dir, 'sock');
  fs.mkdirSync(socketDir);
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const port = await freePort();
  const pgCtl = pgBin('pg_ctl');
  const options = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=16MB`;
  const start = () => {
    asPostgres(pgCtl, ['start', '-w', '-t', '30', '-D', dataDir, '-l', path.join(dir, 'log'), '-o', options]);
  };
  let frozen: number[] = [];
  try {
    asPostgres(pgBin('initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    start();
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const stop = () => {
    if (frozen.length > 0) thaw();
    if (fs.existsSync(path.join(dataDir, 'postmaster.pid'))) {
      asPostgres(pgCtl, ['stop', '-w', '-t', '30', '-m', 'immediate', '-D', dataDir]);
    }
  };
  const thaw = () => {
    signalAll(frozen, 'SIGCONT');
    frozen = [];
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    freeze() {
      frozen = clusterPids(dataDir);
      // The postmaster first, so it starts no new backend while the others are being stopped.
      signalAll(frozen, 'SIGSTOP');
      // Backends forked between listing and stopping: stop them too.
      const late = clusterPids(dataDir).filter((pid) => !frozen.includes(pid));
      signalAll(late, 'SIGSTOP');
      frozen.push(...late);
    },
    thaw,
    destroy() {
      try {
        stop();
      } catch {
        // Already stopped, or never started: remove the files regardless.
        signalAll(clusterPids(dataDir), 'SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
