/**
 * A real change for the tests: the `yaml` package's published 2.5.0 tarball
 * committed, 2.8.1 laid over it as uncommitted work (135 files, 132 of them
 * modified; e2e/fixtures/npm/README.md says where the tarballs come from).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeRepo, type TestRepo } from './gitRepo.js';

const FIXTURES = fileURLToPath(new URL('../../../e2e/fixtures/npm/', import.meta.url));

export function repoWithPublishedChange(): TestRepo {
  const repo = makeRepo();
  const extract = (tarball: string) => execFileSync('tar', ['-xzf', join(FIXTURES, tarball), '--strip-components=1', '-C', repo.dir]);
  extract('yaml-2.5.0.tgz');
  repo.commitAll('yaml 2.5.0');
  for (const entry of readdirSync(repo.dir)) if (entry !== '.git') rmSync(join(repo.dir, entry), { recursive: true, force: true });
  extract('yaml-2.8.1.tgz');
  return repo;
}
