/** What the figures were measured on and at which commit. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

function run(command, args, cwd) {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

export function machineInfo() {
  const cpus = os.cpus();
  let osName = `${os.type()} ${os.release()}`;
  try {
    const pretty = /^PRETTY_NAME="?([^"\n]+)"?/m.exec(readFileSync('/etc/os-release', 'utf8'));
    if (pretty) osName = `${pretty[1]} (kernel ${os.release()})`;
  } catch {
    // not Linux
  }
  return {
    cpu: cpus[0]?.model?.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: osName,
    node: process.version,
    npm: run('npm', ['--version']),
    git: run('git', ['--version'])?.replace(/^git version /, '') ?? null,
  };
}

/** HEAD of the Redline checkout and whether its tree has uncommitted changes (files counted). */
export function commitInfo(root) {
  const head = run('git', ['rev-parse', 'HEAD'], root);
  const status = run('git', ['status', '--porcelain'], root);
  const dirtyFiles = status ? status.split('\n').filter(Boolean).length : 0;
  const subject = run('git', ['log', '-1', '--format=%s'], root);
  return { head, subject, dirty: dirtyFiles > 0, dirtyFiles };
}

function cpuTimes() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = fields[3] + (fields[4] ?? 0);
    return { idle, total: fields.reduce((a, b) => a + b, 0) };
  } catch {
    return null;
  }
}

/** Share of all cores busy (0..1) over the next `ms` milliseconds, from /proc/stat; null off Linux. */
export async function cpuBusy(ms = 1000) {
  const before = cpuTimes();
  await new Promise((r) => setTimeout(r, ms));
  const after = cpuTimes();
  if (!before || !after || after.total === before.total) return null;
  return 1 - (after.idle - before.idle) / (after.total - before.total);
}

/**
 * Waits (up to `maxMs`) for the machine to be quiet: less than `threshold` of
 * the CPU busy over a one-second sample. Other work on a 2-core machine (a
 * test suite, a build) doubles the figures; this keeps most of it out and
 * returns the last sample so the report can say how quiet it was.
 */
export async function waitForQuiet({ threshold = 0.25, maxMs = 10_000 } = {}) {
  const started = Date.now();
  let busy = await cpuBusy();
  while (busy !== null && busy > threshold && Date.now() - started < maxMs) busy = await cpuBusy();
  return { busy, waitedMs: Date.now() - started };
}
