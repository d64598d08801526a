#!/usr/bin/env node
// Load on the review server: 200 concurrent clients for
// 60 s against the real `redline` on the M bench repository (300 files), each
// reloading the review (`GET /api/review`) as fast as it is answered; half
// send Chromium's Accept-Encoding, half none (the memory case). Every 10 s
// a file changes, as an agent's edit would, so the diff is read again under
// load. Prints a markdown section: requests, errors, latency p50/p99/max,
// the server's peak RSS (sampled from /proc every 100 ms) and its most git
// processes at once. Needs the CLI built (`tsc -b apps/cli`).
//
//   node bench/loadBench.mjs [--clients 200] [--seconds 60]
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ensureRepos, REPOS_DIR } from './generateRepos.mjs';
import { signIn } from './lib/redlineSession.mjs';
import { startServer } from './lib/serverProcess.mjs';

const { values } = parseArgs({ options: { clients: { type: 'string', default: '200' }, seconds: { type: 'string', default: process.env.BENCH_QUICK ? '15' : '60' } } });
const CLIENTS = Number(values.clients);
const SECONDS = Number(values.seconds);
const BIN = new URL('../apps/cli/bin/redline.js', import.meta.url).pathname;

await ensureRepos(['M']);
const dir = join(REPOS_DIR, 'M');

const server = await startServer({ command: process.execPath, args: [BIN, '--no-open'], cwd: dir, urlPattern: /Review: (http:\/\/\S+)/, timeoutMs: 60_000, label: 'redline', terminal: true });
const { port, origin, auth } = await signIn(server.url);
const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });

let retries = 0;

/**
 * One request. A keep-alive socket the server closed as idle just as it was
 * reused fails with ECONNRESET / "socket hang up" before any answer; a
 * browser retries such a request, and so does this client, once (the way
 * Node's documentation advises, by `req.reusedSocket`). Retries are counted.
 */
function call(method, path, headers, retried = false) {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let bytes = 0;
      let text = '';
      res.on('data', (c) => {
        bytes += c.length;
        if (text.length < 200) text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode, bytes, text }));
      res.on('error', (error) => resolve({ status: 0, error: String(error) }));
    });
    req.on('error', (error) => {
      if (req.reusedSocket && !retried && (error.code === 'ECONNRESET' || /hang up/.test(String(error)))) {
        retries++;
        resolve(call(method, path, headers, true));
      } else resolve({ status: 0, error: String(error) });
    });
    req.end();
  });
}

await call('GET', '/api/review', { ...auth, 'accept-encoding': 'gzip, deflate, br, zstd' });

let peakRss = 0;
let peakGit = 0;
const sampler = setInterval(() => {
  try {
    const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    peakRss = Math.max(peakRss, rss);
    const children = readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8').trim();
    peakGit = Math.max(peakGit, children === '' ? 0 : children.split(/\s+/).length);
  } catch {
    // the process is gone, or /proc is not there
  }
}, 100);

// An untracked file of its own, removed at the end, so the cached repository is left as it was.
const target = join(dir, 'redline-load-bench-touch.txt');
let touches = 0;
const toucher = setInterval(() => writeFileSync(target, `# touched ${++touches}\n`), 10_000);

const latencies = [];
const errors = [];
const deadline = performance.now() + SECONDS * 1000;
async function client(index) {
  const headers = index % 2 === 0 ? { ...auth, 'accept-encoding': 'gzip, deflate, br, zstd' } : auth;
  while (performance.now() < deadline) {
    const started = performance.now();
    const answer = await call('GET', '/api/review', headers);
    latencies.push(performance.now() - started);
    if (answer.status !== 200) errors.push(answer.status || answer.error);
  }
}
const started = performance.now();
await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
const elapsed = (performance.now() - started) / 1000;
clearInterval(sampler);
clearInterval(toucher);
await call('POST', '/api/close', { ...auth, origin, 'content-type': 'application/json' });
await server.stop();
rmSync(target, { force: true });

latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
const ms = (v) => `${v.toFixed(0)} ms`;
console.log('## Load: 200 concurrent clients on the M repository\n');
console.log(`Machine: ${process.platform} ${process.arch}, Node ${process.version}, 2 cores. Command: \`node bench/loadBench.mjs --clients ${CLIENTS} --seconds ${SECONDS}\`. ${CLIENTS} clients reload \`GET /api/review\` back to back for ${SECONDS} s (half with Chromium's Accept-Encoding, half with none); a file changes every 10 s (${touches} changes).\n`);
console.log('| requests | per second | errors | retried (reused socket closed as idle) | p50 | p99 | max | server peak RSS | most git processes at once |');
console.log('|---|---|---|---|---|---|---|---|---|');
console.log(`| ${latencies.length.toLocaleString('en')} | ${(latencies.length / elapsed).toFixed(0)} | ${errors.length} | ${retries} | ${ms(at(0.5))} | ${ms(at(0.99))} | ${ms(latencies.at(-1) ?? 0)} | ${(peakRss / 1024 / 1024).toFixed(0)} MB | ${peakGit} |`);
console.log(`\nVerdict: **${errors.length === 0 ? 'pass' : `fail: ${errors.length} errors (${[...new Set(errors)].slice(0, 3).join(', ')})`}**.`);
