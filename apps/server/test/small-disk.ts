import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { localStorage, type ObjectStorage } from '../src/storage/index.js';

/**
 * A small disk for the file storage, to fill up: a tmpfs of `bytes` mounted for the test where the
 * machine lets it (root), else a stand-in storage on an ordinary folder that refuses a write with
 * ENOSPC, as the kernel does, once the folder would hold more than `bytes`. The test fills it with
 * a filler file and frees it by removing that file, the same way on both.
 */
export interface SmallDisk {
  kind: 'tmpfs' | 'stand-in';
  dir: string;
  /** The storage to give the app instead of STORAGE_DIR (the stand-in only; a tmpfs is used as STORAGE_DIR). */
  storage?: ObjectStorage;
  /** Bytes still free. */
  free(): number;
  /** Fills the disk so that about `leave` bytes stay free (at least that, less than one page more). */
  fillTo(leave: number): void;
  /** Removes the filler: the room it took is free again. */
  freeUp(): void;
  close(): void;
}

const page = 4096;
const roundUp = (n: number) => Math.ceil(n / page) * page;

/** Every file under `dir`, as paths relative to it. */
export function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

function tryMountTmpfs(dir: string, bytes: number): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The kernel's error for a write with no room left, as node:fs raises it. */
function noSpace(file: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOSPC: no space left on device, write '${file}'`), {
    code: 'ENOSPC',
    errno: -28,
    syscall: 'write',
  });
}

export function makeSmallDisk(bytes: number): SmallDisk {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-small-disk-'));
  const filler = path.join(dir, 'filler');
  // FIELDPLAN_TEST_SMALL_DISK=stand-in tries the stand-in where a tmpfs could be mounted.
  const mounted = process.env.FIELDPLAN_TEST_SMALL_DISK !== 'stand-in' && tryMountTmpfs(dir, bytes);
  const used = () => filesUnder(dir).reduce((n, f) => n + roundUp(fs.statSync(path.join(dir, f)).size), 0);
  const free = mounted
    ? () => {
        const s = fs.statfsSync(dir);
        return s.bavail * s.bsize;
      }
    : () => bytes - used();
  const local = localStorage(dir);
  const storage: ObjectStorage | undefined = mounted
    ? undefined
    : {
        ...local,
        async put(key, body, size) {
          if (roundUp(size) > free()) throw noSpace(path.join(dir, key));
          await local.put(key, body, size);
        },
      };
  const freeUp = () => fs.rmSync(filler, { force: true });
  return {
    kind: mounted ? 'tmpfs' : 'stand-in',
    dir,
    ...(storage && { storage }),
    free,
    fillTo(leave) {
      freeUp();
      const size = Math.floor((free() - leave) / page) * page;
      if (size > 0) fs.writeFileSync(filler, Buffer.alloc(size, 1));
    },
    freeUp,
    close() {
      if (mounted) execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
