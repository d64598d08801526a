/**
 * The review server's check before sending: one run at a time per review
 * (a second start while one runs is refused), its progress and output kept
 * for the page to poll (`GET /api/check?from=`), a cancel that ends the
 * command's process group and waits until its scratch copy is removed, and
 * the last finished check for the export (only a check of exactly the
 * suggestions sent goes in: the core's buildFeedbackReview). The run itself
 * is `runCheck`, the same as `redline check`'s.
 */
import type { CheckedResult, CheckProgress, CheckRunData, CheckRunState } from '@redline/core';
import { RedlineError } from '../errors.js';
import { errorMessage } from '@redline/core';
import { runCheck, type CheckInput, type CheckOutcome } from './runCheck.js';

/** The output kept for the page: the last 256 Ki characters (older offsets start there). */
const KEPT_OUTPUT = 256 * 1024;
/** At most this much output in one answer: the page asks again at once for the rest. */
const OUTPUT_PER_ANSWER = 64 * 1024;

interface Run {
  id: number;
  command: string;
  startedAt: number;
  endedAt: number | null;
  progress: CheckProgress;
  /** The kept end of the output, and how many characters came before it. */
  output: string;
  dropped: number;
  state: CheckRunState;
  abort: AbortController;
  settled: Promise<void>;
}

export type CheckStart = Omit<CheckInput, 'signal' | 'onEvent'>;

export class CheckRunner {
  private current: Run | null = null;
  private runs = 0;

  get running(): boolean {
    return this.current?.state.kind === 'running';
  }

  /** Starts a check; refused while one runs. */
  start(input: CheckStart): void {
    if (this.running) throw new RedlineError('check-running', 'a check is already running: wait for it or cancel it');
    const run: Run = {
      id: ++this.runs,
      command: input.command,
      startedAt: Date.now(),
      endedAt: null,
      progress: { copiedFiles: null, applied: null, running: false },
      output: '',
      dropped: 0,
      state: { kind: 'running' },
      abort: new AbortController(),
      settled: Promise.resolve(),
    };
    this.current = run;
    run.settled = runCheck({
      ...input,
      signal: run.abort.signal,
      onEvent: (event) => {
        if (event.kind === 'copied') run.progress = { ...run.progress, copiedFiles: event.files };
        else if (event.kind === 'applied') run.progress = { ...run.progress, applied: { suggestions: event.suggestions, files: event.files } };
        else if (event.kind === 'running') run.progress = { ...run.progress, running: true };
        else addOutput(run, event.text);
      },
    }).then(
      (outcome) => end(run, stateOf(input.command, outcome)),
      (error: unknown) => end(run, { kind: 'failed', message: errorMessage(error) }),
    );
  }

  /** Ends the running check, if any: its process group ended, its copy removed, before this resolves. */
  async cancel(): Promise<void> {
    const run = this.current;
    if (!run || run.state.kind !== 'running') return;
    run.abort.abort();
    await run.settled;
  }

  /** The current (or last) run, its output from `from` on; null before the first. */
  view(from: number): CheckRunData | null {
    const run = this.current;
    if (!run) return null;
    const start = Math.max(from, run.dropped);
    const text = run.output.slice(start - run.dropped, start - run.dropped + OUTPUT_PER_ANSWER);
    return {
      id: run.id,
      command: run.command,
      startedAt: new Date(run.startedAt).toISOString(),
      elapsedMs: (run.endedAt ?? Date.now()) - run.startedAt,
      progress: run.progress,
      output: { from: start, text, next: start + text.length },
      state: run.state,
    };
  }

  /** The last check that ran to its end (exited, or ended by its time limit); null for none. */
  lastChecked(): CheckedResult | null {
    return this.current?.state.kind === 'finished' ? this.current.state.checked : null;
  }
}

function addOutput(run: Run, text: string): void {
  run.output += text;
  const over = run.output.length - KEPT_OUTPUT;
  if (over > 0) {
    run.output = run.output.slice(over);
    run.dropped += over;
  }
}

function end(run: Run, state: CheckRunState): void {
  run.state = state;
  run.endedAt = Date.now();
}

function stateOf(command: string, outcome: CheckOutcome): CheckRunState {
  switch (outcome.kind) {
    case 'interrupted':
      return { kind: 'cancelled' };
    case 'refused':
      return { kind: 'refused', refused: outcome.results.map(({ id, path, message }) => ({ id, path, message })) };
    case 'ran': {
      const { run } = outcome;
      if (run.ending === 'interrupted') return { kind: 'cancelled' };
      const passed = run.ending === 'exited' && run.exitCode === 0;
      return { kind: 'finished', checked: { command, passed, exitCode: run.exitCode, ending: run.ending, ms: run.ms, suggestions: outcome.suggestions, tail: run.tail } };
    }
  }
}
