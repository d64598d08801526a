/**
 * A real repository with every kind of odd change the diff reading must get
 * right, for comparing what the server reads with git's own output: renames
 * (changed and unchanged), a deletion, a mode change, binaries, a submodule,
 * a type change to a symlink, CRLF, missing final newlines, whitespace-only
 * edits, names with spaces, unicode, tabs, quotes, backslashes and control
 * characters, a staged addition, and untracked files of each kind.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { GIT_IDENTITY_ENV, makeRepo, type TestRepo } from './gitRepo.js';

/** Untracked files the change leaves, by path. */
export const UNTRACKED_FILES: Record<string, string | Buffer> = {
  'untracked/plain.txt': 'one\ntwo\nthree\n',
  'untracked/nofinal.txt': 'no newline at the end',
  'untracked/crlf.txt': 'windows\r\nline endings\r\n',
  'untracked/empty.txt': '',
  'untracked/blob.bin': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 10, 0xff]),
  // git looks for a NUL in the first 8,000 bytes only: this one is text to git.
  'untracked/late-nul.txt': Buffer.concat([Buffer.from('x'.repeat(8000) + '\n'), Buffer.from([0, 10])]),
  'untracked/日本語 ファイル.md': '# こんにちは\n',
  'untracked/tab\tname.txt': 'tab in the name\n',
  'untracked/say "hi".txt': 'quotes in the name\n',
  'untracked/back\\slash.txt': 'a backslash in the name\n',
  'untracked/ctrl\u0001char.txt': 'a control character in the name\n',
  'untracked/ws.txt': 'trailing spaces   \n\tand a tab\n',
  'untracked/latin1.txt': Buffer.from('caf\xe9\n', 'latin1'),
};

export function makeOddChangeRepo(): TestRepo {
  const repo = makeRepo({
    commit: {
      'dir with space/naïve café.txt': 'bonjour\n',
      'moved/before.ts': 'export const a = 1;\nexport const b = 2;\nexport const c = 3;\nexport const d = 4;\n',
      'same/content.txt': 'unchanged content, new name\n'.repeat(3),
      'doomed.txt': 'delete me\nplease\n',
      'script.sh': '#!/bin/sh\necho hi\n',
      'image.bin': Buffer.from([0, 1, 2, 3, 0, 255, 10]),
      'crlf.txt': 'one\r\ntwo\r\nthree\r\n',
      'nofinal.txt': 'a\nb',
      'tab\there.txt': 'tab\n',
      'say "hi".txt': 'hi\n',
      'back\\slash.txt': 'slash\n',
      'ctrl\u0001char.txt': 'ctrl\n',
      'becomes-link.txt': 'regular for now\n',
      'whitespace.txt': 'a b\nc d\n',
      'mixed-ws.txt': 'keep this\nand this\n',
      'long.txt': Array.from({ length: 60 }, (_, i) => `line ${i + 1}`).join('\n') + '\n',
    },
  });
  repo.symlink('crlf.txt', 'tracked-link');
  repo.commitAll('a symlink');
  const sub = makeRepo({ commit: { 'inside.txt': 'sub v1\n' } });
  repo.git('clone', '--quiet', sub.dir, 'sub');
  repo.git('-c', 'advice.addEmbeddedRepo=false', 'add', 'sub');
  repo.commitAll('a submodule');
  execFileSync('git', ['-c', 'commit.gpgsign=false', 'commit', '--quiet', '--allow-empty', '-m', 'sub v2'], {
    cwd: join(repo.dir, 'sub'),
    env: { ...process.env, ...GIT_IDENTITY_ENV },
  });
  sub.cleanup();

  repo.write('dir with space/naïve café.txt', 'bonjour\nau revoir\n');
  repo.git('mv', 'moved/before.ts', 'after.ts');
  repo.write('after.ts', 'export const a = 1;\nexport const b = 2;\nexport const c = 3;\nexport const d = 5;\n');
  repo.git('mv', 'same/content.txt', 'renamed-same.txt');
  repo.remove('doomed.txt');
  repo.write('script.sh', '#!/bin/sh\necho hi\n', 0o755);
  repo.write('image.bin', Buffer.from([0, 1, 2, 3, 0, 254, 10]));
  repo.write('crlf.txt', 'one\r\nTWO\r\nthree\r\n');
  repo.write('nofinal.txt', 'a\nc');
  repo.write('tab\there.txt', 'tab changed\n');
  repo.write('say "hi".txt', 'hello\n');
  repo.write('back\\slash.txt', 'slash changed\n');
  repo.write('ctrl\u0001char.txt', 'ctrl changed\n');
  repo.remove('becomes-link.txt');
  repo.symlink('script.sh', 'becomes-link.txt');
  repo.remove('tracked-link');
  repo.symlink('nofinal.txt', 'tracked-link');
  repo.write('whitespace.txt', 'a   b\nc d  \n');
  repo.write('mixed-ws.txt', 'keep  this\nand that\n');
  repo.write('long.txt', Array.from({ length: 60 }, (_, i) => (i % 20 === 5 ? `LINE ${i + 1}` : `line ${i + 1}`)).join('\n') + '\n');
  repo.write('staged-new.txt', 'staged, then edited\n');
  repo.git('add', 'staged-new.txt');
  repo.write('staged-new.txt', 'staged, then edited in the working tree\n');
  for (const [path, contents] of Object.entries(UNTRACKED_FILES)) repo.write(path, contents);
  repo.write('untracked/run.sh', '#!/bin/sh\necho run\n', 0o755);
  repo.symlink('../crlf.txt', 'untracked/link');
  repo.symlink('/etc/passwd', 'untracked/escape-link');
  return repo;
}
