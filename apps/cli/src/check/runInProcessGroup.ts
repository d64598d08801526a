/**
 * Runs the check command as `sh -c COMMAND` in a process group of its own,
 * so the whole group can be ended: at the time limit, or when redline is
 * interrupted, the group gets SIGTERM, then SIGKILL 5 s later (or as soon as
 * the shell itself has ended). When the shell exits, whatever it left
 * running in its group is killed too: nothing outlives the check, so its
 * scratch copy can go. Output is handed on as it comes and its last lines
 * are kept.
 */
import { spawn } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';

/** Lines kept for the result: what a failed check shows. */
export const TAIL_LINES = 40;
/** A longer line is kept cut to this many characters (a minified bundle printed whole). */
const MAX_TAIL_LINE = 2_000;
/** SIGTERM first; SIGKILL this long after, if the shell is still there. */
export const KILL_GRACE_MS = 5_000;
/** How long to wait for the output pipes to close once the group is killed (a process that left the group may hold them). */
const PIPE_CLOSE_MS = 1_000;

export type OutputStream = 'stdout' | 'stderr';

/** How the command ended: on its own, at the time limit, or because redline was interrupted. */
export type GroupEnding = 'exited' | 'timed-out' | 'interrupted';

export interface GroupRun {
  ending: GroupEnding;
  /** The shell's exit status; null when it was ended by a signal. */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  ms: number;
  /** The last TAIL_LINES lines of stdout and stderr together, as they came. */
  tail: string[];
  /** The process group's id (the shell's pid), for whoever wants to see that it is gone. */
  pgid: number | null;
}

export interface GroupRunInput {
  command: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** Aborting ends the group as the time limit does. */
  signal?: AbortSignal;
  onOutput?: (stream: OutputStream, text: string) => void;
}

export function runInProcessGroup(input: GroupRunInput): Promise<GroupRun> {
  const begun = Date.now();
  const tail = new TailLines(TAIL_LINES);
  const child = spawn('sh', ['-c', input.command], { cwd: input.cwd, env: input.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const pgid = child.pid ?? null;
  let ending: GroupEnding = 'exited';
  let killTimer: NodeJS.Timeout | undefined;
  const signalGroup = (signal: NodeJS.Signals) => {
    if (pgid === null) return;
    try {
      process.kill(-pgid, signal);
    } catch {
      // ESRCH: the group is gone already.
    }
  };
  const end = (why: Exclude<GroupEnding, 'exited'>) => {
    if (ending !== 'exited' || child.exitCode !== null || child.signalCode !== null) return;
    ending = why;
    signalGroup('SIGTERM');
    killTimer = setTimeout(() => signalGroup('SIGKILL'), KILL_GRACE_MS);
  };
  const limit = setTimeout(() => end('timed-out'), input.timeoutMs);
  const onAbort = () => end('interrupted');
  if (input.signal?.aborted) onAbort();
  else input.signal?.addEventListener('abort', onAbort, { once: true });

  for (const stream of ['stdout', 'stderr'] as const) {
    const decoder = new StringDecoder('utf8');
    child[stream].on('data', (chunk: Buffer) => {
      const text = decoder.write(chunk);
      tail.add(text);
      input.onOutput?.(stream, text);
    });
  }

  return new Promise((resolve) => {
    let settled = false;
    const finish = (exitCode: number | null, signal: NodeJS.Signals | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(limit);
      clearTimeout(killTimer);
      input.signal?.removeEventListener('abort', onAbort);
      // Whatever the shell left behind in its group goes with it.
      signalGroup('SIGKILL');
      const closed = () => resolve({ ending, exitCode, signal, ms: Date.now() - begun, tail: tail.lines(), pgid });
      const pipesOpen = [child.stdout, child.stderr].filter((s) => !s.closed);
      if (pipesOpen.length === 0) return closed();
      const timer = setTimeout(() => {
        for (const s of pipesOpen) s.destroy();
        closed();
      }, PIPE_CLOSE_MS);
      child.once('close', () => {
        clearTimeout(timer);
        closed();
      });
    };
    child.once('exit', finish);
    child.once('error', (error: NodeJS.ErrnoException) => {
      tail.add(`redline check: could not start sh: ${error.message}\n`);
      finish(127, null);
    });
  });
}

/** The last `max` lines of a stream of text, each cut at MAX_TAIL_LINE characters. */
class TailLines {
  private readonly done: string[] = [];
  private open = '';

  constructor(private readonly max: number) {}

  add(text: string): void {
    const parts = (this.open + text).split('\n');
    this.open = parts.pop()!.slice(0, MAX_TAIL_LINE);
    for (const part of parts) this.push(part);
  }

  lines(): string[] {
    return this.open === '' ? [...this.done] : [...this.done, this.open].slice(-this.max);
  }

  private push(line: string): void {
    this.done.push(line.slice(0, MAX_TAIL_LINE));
    if (this.done.length > this.max) this.done.shift();
  }
}
