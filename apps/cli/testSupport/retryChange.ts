/** A small agent's change in a real repository: src/retry.ts (lines 2-4 new) and src/client.ts (its one line changed), uncommitted. */
import { makeRepo, type TestRepo } from './gitRepo.js';

export function retryChangeRepo(): TestRepo {
  const repo = makeRepo({ commit: { 'src/retry.ts': 'one\ntwo\nthree\n', 'src/client.ts': 'call()\n' } });
  repo.write('src/retry.ts', 'one\nTWO\nthree\nfour\n');
  repo.write('src/client.ts', 'call(3)\n');
  return repo;
}
