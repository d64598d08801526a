/**
 * The process-group runner on real `sh` commands: the exit status and
 * signal as they are, the output handed on whole while only its last 40
 * lines are kept (a last line without a newline included, a very long line
 * cut), and the environment passed through.
 */
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runInProcessGroup, TAIL_LINES } from './runInProcessGroup.js';

const run = (command: string, env: NodeJS.ProcessEnv = process.env) => {
  let output = '';
  const done = runInProcessGroup({ command, cwd: tmpdir(), env, timeoutMs: 20_000, onOutput: (_stream, text) => (output += text) });
  return done.then((result) => ({ ...result, output }));
};

describe('runInProcessGroup', () => {
  it('keeps the last 40 lines of 1,000, and hands on all of them', async () => {
    const result = await run('seq 1 1000; printf "no newline"; exit 3');
    expect(result).toMatchObject({ ending: 'exited', exitCode: 3, signal: null });
    expect(result.tail).toHaveLength(TAIL_LINES);
    expect(result.tail.at(0)).toBe('962');
    expect(result.tail.slice(-2)).toEqual(['1000', 'no newline']);
    expect(result.output.split('\n')).toHaveLength(1001);
  });

  it('mixes stderr into the tail as it comes, and cuts a very long line', async () => {
    const result = await run('echo out; echo err >&2; head -c 100000 /dev/zero | tr "\\\\0" x; echo');
    expect(result.exitCode).toBe(0);
    expect(result.tail.slice(0, 2).sort()).toEqual(['err', 'out']);
    expect(result.tail[2]).toHaveLength(2_000);
  });

  it('reports a signal that ended the shell', async () => {
    const result = await run('kill -USR1 $$');
    expect(result).toMatchObject({ ending: 'exited', exitCode: null, signal: 'SIGUSR1' });
  });

  it('passes the environment it is given', async () => {
    const result = await run('echo "$REDLINE_CHECK_PROBE"', { ...process.env, REDLINE_CHECK_PROBE: 'given' });
    expect(result.tail).toEqual(['given']);
  });
});
