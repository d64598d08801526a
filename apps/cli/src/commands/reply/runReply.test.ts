/**
 * `redline reply` on a real series: a reply, then --addressed, recorded as
 * the agent's acts and shown on the thread; an unknown thread and a missing
 * --text are refused with nothing recorded. It has no way to resolve, set a
 * verdict or answer a proposal: its only acts are the agent's kinds, and
 * the reviewer's routes refuse its key (agentRoutes.test.ts, annotate.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Thread } from '@redline/core';
import { captureIo } from '../../../testSupport/capturedIo.js';
import { repoWithOneThread, runRead } from '../../../testSupport/reviewRounds.js';
import { runCli } from '../../main.js';

describe('redline reply', () => {
  it('records a reply and an addressed mark on a thread, and refuses an unknown thread or no text', async () => {
    const repo = await repoWithOneThread();
    const run = async (args: string[]) => {
      const io = captureIo(repo.dir);
      return { code: await runCli(['reply', ...args], io), err: io.err() };
    };
    expect(await run(['c1', '--text', 'looking'])).toMatchObject({ code: 0 });
    expect((await run(['c1', '--text', 'fixed in round 2', '--addressed'])).err).toMatch(/^Replied on thread c1 and marked it addressed/);
    expect(await run(['nope', '--text', 'x'])).toEqual({ code: 1, err: expect.stringMatching(/^redline reply: no thread "nope" in review series /) });
    expect((await run(['c1'])).code).toBe(2);
    expect((await run(['c1', '--text', 'x', '--resolve'])).code).toBe(2);
    const [thread] = (JSON.parse((await runRead(repo.dir, ['threads', '--json'])).out) as { threads: Thread[] }).threads;
    expect(thread).toMatchObject({ id: 'c1', state: 'addressed' });
    expect(thread!.acts.map((act) => [act.by, act.act, act.text])).toEqual([['agent', 'reply', 'looking'], ['agent', 'addressed', 'fixed in round 2']]);
  }, 60_000);

  it('refuses ESC, BEL, CR and RLO in the text (they would reach the reviewer\'s terminal raw), recording nothing', async () => {
    const repo = await repoWithOneThread();
    for (const [text, what] of [
      ['\u001b[31mred', 'a control character (U+001B) at line 1, column 1'],
      ['ding\u0007', 'a control character (U+0007) at line 1, column 5'],
      ['fine\r\nfine', 'a carriage return (U+000D) at line 1, column 5'],
      ['ok\n\u202Eevil', 'a bidi control character (U+202E) at line 2, column 1'],
    ]) {
      const io = captureIo(repo.dir);
      expect(await runCli(['reply', 'c1', '--text', text!], io)).toBe(2);
      expect(io.err()).toBe(`redline reply: --text holds ${what}; a reply is plain words and line breaks (see 'redline reply --help')\n`);
    }
    const [thread] = (JSON.parse((await runRead(repo.dir, ['threads', '--json'])).out) as { threads: Thread[] }).threads;
    expect(thread!.acts).toEqual([]);
    // Emoji with their joiners and variation selectors are words.
    expect(await runCli(['reply', 'c1', '--text', 'done \u2764\uFE0F \u{1F468}\u200D\u{1F469}'], captureIo(repo.dir))).toBe(0);
  }, 60_000);
});
