// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ResolvedConfig } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from '../vite.config';

// The build step that writes .br and .gz beside the web app's files (the server sends those).

describe('precompress', () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  async function build(files: Record<string, string | Buffer>) {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-precompress-'));
    for (const [name, data] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, 'dist', name)), { recursive: true });
      fs.writeFileSync(path.join(root, 'dist', name), data);
    }
    const plugin = precompress();
    const config = { root, build: { outDir: 'dist' } } as unknown as ResolvedConfig;
    (plugin.configResolved as (c: ResolvedConfig) => void)(config);
    await (plugin.closeBundle as () => Promise<void>)();
    return (name: string) => path.join(root as string, 'dist', name);
  }

  it('writes brotli and gzip copies of text files that decompress to the original', async () => {
    const script = `console.log(${JSON.stringify('fieldplan '.repeat(500))});`;
    const css = `.a{color:red}\n`.repeat(200);
    const at = await build({ 'assets/index-abc.js': script, 'assets/index-abc.css': css, 'index.html': css });
    expect(zlib.brotliDecompressSync(fs.readFileSync(at('assets/index-abc.js.br'))).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(at('assets/index-abc.js.gz'))).toString()).toBe(script);
    expect(fs.statSync(at('assets/index-abc.js.br')).size).toBeLessThan(script.length / 10);
    expect(fs.existsSync(at('assets/index-abc.css.br'))).toBe(true);
    expect(fs.existsSync(at('index.html.gz'))).toBe(true);
  });

  it('leaves small files, source maps and images alone', async () => {
    const big = 'x'.repeat(5000);
    const at = await build({
      'assets/tiny.js': 'export {}',
      'assets/index-abc.js.map': big,
      'icon.png': Buffer.alloc(5000),
    });
    for (const name of ['assets/tiny.js', 'assets/index-abc.js.map', 'icon.png']) {
      expect(fs.existsSync(at(`${name}.br`))).toBe(false);
      expect(fs.existsSync(at(`${name}.gz`))).toBe(false);
    }
  });
});
