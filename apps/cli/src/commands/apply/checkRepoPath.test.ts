import { describe, expect, it } from 'vitest';
import { checkRepoPath } from './checkRepoPath.js';

describe('checkRepoPath', () => {
  it('accepts plain repository paths, unicode, spaces and literal percent signs', () => {
    for (const path of ['a.ts', 'src/app.ts', 'dir with space/ü 中.txt', '.github/workflows/ci.yml', 'x/.gitignore', '100%.txt', 'a%20b', '...', '..foo']) {
      expect(checkRepoPath(path), path).toBeNull();
    }
  });

  const refused: [string, string][] = [
    ['', 'path-invalid'],
    ['../x', 'path-traversal'],
    ['a/../../x', 'path-traversal'],
    ['a/..', 'path-traversal'],
    ['/etc/passwd', 'path-absolute'],
    ['//server/share', 'path-absolute'],
    ['C:\\Windows\\win.ini', 'path-absolute'],
    ['C:foo', 'path-absolute'],
    ['\\\\?\\C:\\x', 'path-invalid'],
    ['..\\..\\x', 'path-invalid'],
    ['a\\b', 'path-invalid'],
    ['a\0b', 'path-invalid'],
    ['a\nb', 'path-invalid'],
    ['a//b', 'path-invalid'],
    ['a/', 'path-invalid'],
    ['./a', 'path-invalid'],
    ['.git/config', 'path-git-dir'],
    ['.git', 'path-git-dir'],
    ['sub/../.git/HEAD', 'path-traversal'],
    ['sub/.git/hooks/pre-commit', 'path-git-dir'],
    ['.GIT/config', 'path-git-dir'],
    ['.git./config', 'path-git-dir'],
    ['%2e%2e/x', 'path-encoded'],
    ['%2e%2e%2fetc%2fpasswd', 'path-encoded'],
    ['%2Fetc%2Fpasswd', 'path-encoded'],
    ['a/%2e%2e/%2e%2e/x', 'path-encoded'],
    ['%2egit/config', 'path-encoded'],
    ['a%00b', 'path-encoded'],
    ['%E0%A4%A', 'path-encoded'],
  ];
  it.each(refused)('refuses %j as %s', (path, reason) => {
    const refusal = checkRepoPath(path);
    expect(refusal?.reason).toBe(reason);
    expect(refusal?.message).toContain(JSON.stringify(path));
  });
});
