/**
 * Starting a review server (Redline's or difit's CLI) for one measured run:
 * spawn it, time until its URL is printed and its port accepts connections,
 * and stop it afterwards by the ids of the processes this module started.
 */
import { spawn, execFileSync } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { terminalCommand } from '../../apps/cli/testSupport/inTerminal.mjs';

/** A free TCP port on 127.0.0.1 (asked from the OS, then released). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function portAnswers(host, port) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Spawns `command args` in `cwd` and resolves once a line of its output
 * matches `urlPattern` (its first group is the URL) and the URL's port
 * accepts a TCP connection. Nothing is requested from the server here: the
 * Redline URL's token is single-use and belongs to the browser.
 *
 * Resolves `{ url, readyMs, output(), stop() }`; rejects with a one-line
 * message (including the process's last output) on exit or after `timeoutMs`.
 */
export function startServer({ command: program, args: programArgs, cwd, env, urlPattern, timeoutMs, label, terminal = false }) {
  const started = performance.now();
  // Redline prints its link only to a terminal: `terminal` runs it on one (util-linux script), as a person does.
  const { command, args } = terminal ? terminalCommand(program, programArgs) : { command: program, args: programArgs };
  // detached: the child leads its own process group, so stop() can end it and
  // any helper it started, by that group's id.
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = { code, signal };
  });

  const stop = () => stopProcessGroup(child);
  const result = new Promise((resolve, reject) => {
    let settled = false;
    const fail = (message) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stop();
      const tail = output.trim().split('\n').slice(-3).join(' | ').slice(0, 400);
      reject(new Error(`${label}: ${message}${tail ? ` (last output: ${tail})` : ''}`));
    };
    const timer = setTimeout(() => fail(`no review URL within ${timeoutMs / 1000} s`), timeoutMs);
    const onData = async (chunk) => {
      output += chunk.toString('utf8');
      if (settled) return;
      const match = urlPattern.exec(output.replace(/\x1b\[[0-9;]*m/g, '').replaceAll('\r', ''));
      if (!match) return;
      const url = match[1];
      const { hostname, port } = new URL(url);
      const host = hostname === 'localhost' ? '127.0.0.1' : hostname.replace(/^\[|\]$/g, '');
      while (!settled && !(await portAnswers(host, Number(port)))) {
        if (exited) return fail(`exited (${JSON.stringify(exited)}) before its port answered`);
        await new Promise((r) => setTimeout(r, 5));
      }
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ url, readyMs: performance.now() - started, output: () => output, stop, pid: child.pid });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', (error) => fail(`could not start: ${error.message}`));
    child.on('exit', (code, signal) => {
      if (!settled) setTimeout(() => fail(`exited with ${signal ?? `code ${code}`} before printing its URL`), 20);
    });
  });
  return result;
}

/** SIGTERM, then SIGKILL after a grace period, to the child's own process group (by its id). */
export function stopProcessGroup(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(killTimer);
      resolve();
    };
    child.once('exit', done);
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      done();
      return;
    }
    const killTimer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      setTimeout(resolve, 200);
    }, 3_000);
  });
}

/** Processes whose parent is `pid` (to find and end helpers a child left behind). */
export function childPids(pid) {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((s) => Number(s.trim()))
      .filter(Boolean);
  } catch {
    return [];
  }
}
