/**
 * Runs a command the way a person runs redline: its stderr and stdin on a
 * pseudo-terminal (made by util-linux `script`), its stdout a pipe. This is
 * how tests, the e2e suite and the bench get the review link: redline
 * prints it only to a terminal, so nothing here is a switch an agent could
 * flip (docs/cli.md, "Who holds the link").
 *
 * `script -qefc CMD /dev/null` runs CMD on a new terminal and copies what it
 * writes there to script's stdout (with a terminal's CRLF line ends); CMD's
 * stdout is redirected to script's fd 3, a pipe of ours.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const quote = (word) => `'${String(word).replaceAll("'", `'\\''`)}'`;

/**
 * The command line that runs `command args` on a new terminal: what it writes
 * there comes out on script's stdout; its own stdout goes to fd `stdoutFd`
 * of script (or to the terminal too, when null).
 */
export function terminalCommand(command, args, stdoutFd = null) {
  const line = `exec ${[command, ...args].map(quote).join(' ')}${stdoutFd === null ? '' : ` 1>&${stdoutFd}`}`;
  return { command: 'script', args: ['-qefc', line, '/dev/null'] };
}

export function spawnInTerminal(command, args, options = {}) {
  const wrapped = terminalCommand(command, args, 3);
  const child = spawn(wrapped.command, wrapped.args, {
    cwd: options.cwd,
    env: { ...(options.env ?? process.env), SHELL: '/bin/sh' },
    stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
  });
  let terminal = '';
  let stdout = '';
  const listeners = new Set();
  child.stdout.on('data', (chunk) => {
    terminal += chunk.toString('utf8').replaceAll('\r\n', '\n');
    for (const listener of listeners) listener();
  });
  child.stdio[3].on('data', (chunk) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk) => (terminal += chunk.toString('utf8')));
  const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal === 'SIGKILL' ? 137 : 128))));
  /** The command's pid: script's one child, which exec made the command itself. */
  const commandPid = () => {
    const kids = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/);
    return kids[0] ? Number(kids[0]) : null;
  };
  return {
    child,
    exited,
    /** What the command wrote to the terminal so far (its stderr), line ends as `\n`. */
    terminalText: () => terminal,
    stdoutText: () => stdout,
    /** Resolves with the first match of `pattern` in the terminal's text. */
    waitForTerminal(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const done = (outcome) => {
          clearTimeout(timer);
          listeners.delete(check);
          outcome();
        };
        const check = () => {
          const match = pattern.exec(terminal);
          if (match) done(() => resolve(match));
        };
        const timer = setTimeout(() => done(() => reject(new Error(`no ${pattern} on the terminal within ${timeoutMs} ms; it shows:\n${terminal}`))), timeoutMs);
        listeners.add(check);
        void exited.then((code) => done(() => reject(new Error(`exited ${code} before ${pattern} showed on the terminal:\n${terminal}`))));
        check();
      });
    },
    /** Keys typed at the terminal. */
    type(text) {
      child.stdin.write(text);
    },
    /** SIGINT is Ctrl-C typed at the terminal; any other signal goes to the command itself. */
    kill(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (signal === 'SIGINT') return void child.stdin.write('\x03');
      const pid = commandPid();
      if (pid !== null) process.kill(pid, signal);
      else child.kill(signal);
    },
  };
}

/**
 * The reviewer's own way into a review an agent started: `redline open
 * --no-open` run in a terminal of theirs prints a new single-use link there
 * (and nowhere else).
 */
export async function reviewerLink(bin, cwd, env = process.env) {
  const run = spawnInTerminal(process.execPath, [bin, 'open', '--no-open'], { cwd, env });
  const match = await run.waitForTerminal(/^New review link \(works once\): (\S+)$/m);
  await run.exited;
  return match[1];
}
