/** A CliIo whose stdout and stderr are captured, with a way to wait for a line on stderr. */
import { Readable } from 'node:stream';
import type { CliIo } from '../src/cliIo.js';
import { makeStubAppDir } from './stubApp.js';

export interface CapturedIo extends CliIo {
  out(): string;
  err(): string;
  /** Resolves with the first match of `pattern` on stderr. */
  waitForStderr(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  interrupt(signal?: 'SIGINT' | 'SIGTERM'): void;
}

/**
 * `terminal: true` (the default) is a reviewer at a terminal: what redline
 * writes there (the review link) lands in the captured stderr, as a TTY's
 * stderr would show it. `terminal: false` is a program running redline (an
 * agent's shell tool): stderr is a pipe and no link may reach it.
 */
export function captureIo(cwd: string, options: { stdin?: string; env?: NodeJS.ProcessEnv; appDir?: string; terminal?: boolean } = {}): CapturedIo {
  let out = '';
  let err = '';
  const waiters: (() => void)[] = [];
  let interrupt: (signal: 'SIGINT' | 'SIGTERM') => void = () => undefined;
  const interrupted = new Promise<'SIGINT' | 'SIGTERM'>((resolve) => {
    interrupt = resolve;
  });
  const stderr = {
    write: (text: string) => {
      err += text;
      for (const wake of waiters.splice(0)) wake();
    },
  };
  return {
    cwd,
    env: options.env ?? { ...process.env, BROWSER: undefined },
    stdin: Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]),
    stdout: { write: (text: string) => (out += text) },
    stderr,
    terminal: options.terminal === false ? null : stderr,
    interrupted,
    appDir: options.appDir ?? makeStubAppDir(),
    out: () => out,
    err: () => err,
    interrupt: (signal = 'SIGINT') => interrupt(signal),
    waitForStderr(pattern, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern} on stderr; got:\n${err}`)), timeoutMs);
        const check = () => {
          const match = pattern.exec(err);
          if (match) {
            clearTimeout(timer);
            resolve(match);
          } else waiters.push(check);
        };
        check();
      });
    },
  };
}
