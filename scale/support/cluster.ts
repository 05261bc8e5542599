import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { own } from '../../scripts/children.mjs';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const mainJs = path.join(repoRoot, 'apps/server/dist/main.js');
const siteFile = path.join(repoRoot, 'deploy/nginx/fieldplan.conf');
const nginxBin = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const pgAdminUrl = process.env.FIELDPLAN_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/**
 * Owns a child from its start (scripts/children.mjs: killed when this process exits) and notes its id
 * where scale/run.mjs looks after the run, so nothing outlives a crashed spec.
 */
function remember(child: ChildProcess): void {
  own(child);
  const file = process.env.SCALE_PIDS_FILE;
  if (file && child.pid) fs.appendFileSync(file, `${child.pid}\n`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` is true, failing after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition') {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

/** One Fieldplan process (apps/server/dist/main.js) on its own loopback port. */
export class AppNode {
  child: ChildProcess | null = null;
  log = '';
  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number {
    return this.child?.pid ?? 0;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, [mainJs], {
      cwd: repoRoot,
      env: { ...process.env, ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    remember(child);
    const file = this.env.SCALE_LOG_DIR ? path.join(this.env.SCALE_LOG_DIR, `${this.name.replace(' ', '')}.log`) : '';
    const keep = (chunk: Buffer) => {
      this.log = (this.log + chunk).slice(-20_000);
      if (file) fs.appendFileSync(file, chunk);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const deadline = Date.now() + 60_000;
    while (!(await answers(`${this.origin}/readyz`))) {
      if (!this.running) throw new Error(`${this.name} exited while starting:\n${this.log}`);
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`${this.name} did not become ready; killed:\n${this.log}`);
      }
      await sleep(100);
    }
  }

  /** Sends `signal` and waits until the process is gone. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  }
}

/** A private redis-server (no persistence) that a test may stop and start again empty. */
export class PrivateRedis {
  child: ChildProcess | null = null;
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    remember(this.child);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const up = await new Promise<boolean>((resolve) => {
        const probe = spawn('redis-cli', ['-p', String(this.port), 'ping'], { stdio: ['ignore', 'pipe', 'ignore'] });
        let out = '';
        probe.stdout?.on('data', (c: Buffer) => {
          out += c;
        });
        probe.on('exit', () => resolve(out.includes('PONG')));
      });
      if (up) return;
      if (Date.now() > deadline) {
        this.child.kill('SIGKILL');
        throw new Error(`redis-server on ${this.port} did not start; killed`);
      }
      await sleep(50);
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }
}

/** nginx with deploy/nginx/fieldplan.conf, its upstream pointed at the cluster's processes. */
class Nginx {
  child: ChildProcess | null = null;
  constructor(
    readonly port: number,
    private readonly dir: string,
    private readonly upstreams: number[],
  ) {}

  async start(): Promise<void> {
    let site = fs.readFileSync(siteFile, 'utf8');
    site = site.replace(/listen 8080;/, `listen 127.0.0.1:${this.port};`);
    site = site.replace(/server app1:3000/, `server 127.0.0.1:${this.upstreams[0]}`);
    site = site.replace(/server app2:3000/, `server 127.0.0.1:${this.upstreams[1]}`);
    if (site.includes('app1:3000') || site.includes('app2:3000') || site.includes('listen 8080'))
      throw new Error('deploy/nginx/fieldplan.conf changed shape: update scale/support/cluster.ts');
    fs.mkdirSync(path.join(this.dir, 'tmp'), { recursive: true });
    fs.writeFileSync(path.join(this.dir, 'site.conf'), site);
    fs.writeFileSync(
      path.join(this.dir, 'nginx.conf'),
      [
        'worker_processes 1;',
        `pid ${this.dir}/nginx.pid;`,
        `error_log ${this.dir}/error.log warn;`,
        'events { worker_connections 4096; }',
        'http {',
        `  access_log ${this.dir}/access.log;`,
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${this.dir}/tmp/${t};`),
        `  include ${this.dir}/site.conf;`,
        '}',
        '',
      ].join('\n'),
    );
    this.child = spawn(
      nginxBin,
      ['-p', this.dir, '-c', `${this.dir}/nginx.conf`, '-e', `${this.dir}/error.log`, '-g', 'daemon off;'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    remember(this.child);
    let err = '';
    this.child.stderr?.on('data', (c: Buffer) => {
      err += c;
    });
    await eventually(
      async () => {
        if (this.child?.exitCode !== null) throw new Error(`nginx exited: ${err}`);
        return answers(`http://127.0.0.1:${this.port}/healthz`);
      },
      15_000,
      'nginx',
    ).catch((err: unknown) => {
      this.child?.kill('SIGKILL'); // not left running when it never answered
      throw err;
    });
  }

  /** How many requests nginx logged whose status was ≥ 500. */
  serverErrors(): string[] {
    const file = path.join(this.dir, 'access.log');
    if (!fs.existsSync(file)) return [];
    return fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => / 5\d\d \d+ /.test(line));
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }
}

export interface ClusterOptions {
  /** One process only (the benchmark's baseline): both upstream lines name process 1. */
  single?: boolean;
}

export interface Cluster {
  databaseUrl: string;
  /** nginx in front of both processes: where browsers and API clients go. */
  baseUrl: string;
  nodes: [AppNode, AppNode];
  redis: PrivateRedis;
  nginx: Nginx;
  /** A query on the cluster's database. */
  sql<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * Two built Fieldplan processes on one fresh PostgreSQL database and one private Redis, behind nginx
 * configured from deploy/nginx/fieldplan.conf. The first process migrates and seeds the demo data.
 */
export async function startCluster(env: Record<string, string> = {}, options: ClusterOptions = {}): Promise<Cluster> {
  if (!fs.existsSync(mainJs)) throw new Error(`${mainJs} is missing: run \`npm run build\` first`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-scale-'));
  const name = `fieldplan_scale_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(pgAdminUrl);
  dbUrl.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });

  const [p1, p2, pn, pr] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const redis = new PrivateRedis(pr);
  await redis.start();
  const baseUrl = `http://127.0.0.1:${pn}`;
  const common: Record<string, string> = {
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: redis.url,
    PUBLIC_URL: baseUrl,
    TRUST_PROXY: 'loopback',
    FIELDPLAN_DEMO: '1',
    GEOCODER_URL: 'off',
    LOG_LEVEL: process.env.SCALE_LOG_LEVEL ?? 'warn',
    SCALE_LOG_DIR: dir,
    STORAGE_DIR: path.join(dir, 'files'),
    ...env,
  };
  const nodes: [AppNode, AppNode] = [new AppNode('node 1', p1, common), new AppNode('node 2', p2, common)];
  const nginx = new Nginx(pn, path.join(dir, 'nginx'), options.single ? [p1, p1] : [p1, p2]);
  const cleanup = async () => {
    await nginx.stop();
    await Promise.all(nodes.map((n) => n.stop('SIGKILL')));
    await redis.stop();
    await pool.end();
    const drop = new pg.Client({ connectionString: pgAdminUrl });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await drop.end();
    // SCALE_KEEP=1 keeps nginx's logs and the processes' files for a look after a failure.
    if (process.env.SCALE_KEEP === '1') console.log(`scale: kept ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    // One after the other: the first migrates and seeds, the second finds the database ready.
    await nodes[0].start();
    if (!options.single) await nodes[1].start();
    await nginx.start();
  } catch (err) {
    await cleanup();
    throw err;
  }
  return {
    databaseUrl: dbUrl.toString(),
    baseUrl,
    nodes,
    redis,
    nginx,
    async sql<T>(text: string, values: unknown[] = []) {
      return (await pool.query(text, values)).rows as T[];
    },
    close: cleanup,
  };
}
