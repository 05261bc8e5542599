import { Worker } from 'node:worker_threads';

// The client: `run` answers latencies of a list of URLs; `flood` requests its URLs round and round
// until `stop`, counting answers.
const client = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const get = (url) =>
  new Promise((resolve, reject) => {
    http.get(url, { agent, headers: { cookie: workerData.cookie, 'accept-encoding': 'gzip, deflate, br, zstd' } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(url + ': ' + res.statusCode))));
    }).on('error', reject);
  });
let stopped = false;
parentPort.on('message', async (m) => {
  if (m.stop) { stopped = true; return; }
  if (m.flood) {
    let n = 0;
    let answered = 0;
    const loop = async () => { while (!stopped) { await get(m.urls[n++ % m.urls.length]); answered++; } };
    await Promise.all(Array.from({ length: m.concurrency }, loop));
    parentPort.postMessage({ answered });
    return;
  }
  const latencies = [];
  let next = 0;
  const worker = async () => {
    while (next < m.urls.length) {
      const url = m.urls[next++];
      const t0 = performance.now();
      await get(url);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: m.concurrency }, worker));
  parentPort.postMessage({ latencies });
});`;

export function run(worker: Worker, urls: string[], concurrency: number) {
  return new Promise<number[]>((resolve, reject) => {
    worker.once('message', (m: { latencies: number[] }) => resolve(m.latencies));
    worker.once('error', reject);
    worker.postMessage({ urls, concurrency });
  });
}

/** A load client in a worker thread (as browsers elsewhere), signed in with `cookie`. */
export const startClient = (cookie: string) => new Worker(client, { eval: true, workerData: { cookie } });
