import type { ChildProcess } from 'node:child_process';

export interface InTerminal {
  child: ChildProcess;
  /** The command's exit code (script passes it on). */
  exited: Promise<number>;
  /** What the command wrote to the terminal so far (its stderr), line ends as `\n`. */
  terminalText(): string;
  stdoutText(): string;
  waitForTerminal(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  type(text: string): void;
  kill(signal?: NodeJS.Signals): void;
}

export function spawnInTerminal(command: string, args: readonly string[], options?: { cwd?: string; env?: NodeJS.ProcessEnv }): InTerminal;

export function reviewerLink(bin: string, cwd: string, env?: NodeJS.ProcessEnv): Promise<string>;

export function terminalCommand(command: string, args: readonly string[], stdoutFd?: number | null): { command: 'script'; args: string[] };
