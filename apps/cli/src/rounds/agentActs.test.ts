import { describe, expect, it } from 'vitest';
import type { Thread } from '@redline/core';
import { repoWithOneThread, runRead } from '../../testSupport/reviewRounds.js';
import { agentActsRef, recordAgentActs } from './agentActs.js';
import { readAllSeries } from './readSeries.js';

describe('agent acts', () => {
  it('are stored in the series\' _agent/acts ref, make a thread addressed with the reply, and are no foreign ref', async () => {
    const repo = await repoWithOneThread();
    const [series] = (await readAllSeries(repo.dir)).series;
    await recordAgentActs(repo.dir, series!.id, [{ thread: 'c1', act: 'reply', text: 'looking' }]);
    await recordAgentActs(repo.dir, series!.id, [{ thread: 'c1', act: 'addressed', text: 'upper case is the convention here' }]);
    expect(repo.git('rev-list', '--count', agentActsRef(series!.id)).trim()).toBe('2');
    const listed = await runRead(repo.dir, ['threads', '--json', '--state', 'addressed']);
    expect(listed.err).toBe('');
    const [thread] = (JSON.parse(listed.out) as { threads: Thread[] }).threads;
    expect(thread).toMatchObject({ id: 'c1', state: 'addressed' });
    expect(thread!.acts.map((act) => [act.by, act.act, act.text])).toEqual([['agent', 'reply', 'looking'], ['agent', 'addressed', 'upper case is the convention here']]);
  }, 60_000);
});
