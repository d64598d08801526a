/**
 * Whether a path is a plain repository path: relative, `/`-separated, with
 * no empty, `.` or `..` segment, nothing in git's own directory, no control
 * character, no backslash, and no forbidden path hidden behind %-encoding.
 * The lexical half of resolving a path inside the repository, before it is
 * ever joined to the root; the filesystem half (symlinks, containment) is
 * the edge's. Both the server's file endpoint (paths from the diff, which
 * git never makes otherwise) and `redline apply` (paths from an untrusted
 * export: `../x`, `/etc/passwd`, `.git/config`) go by it.
 */

export type RepoPathProblemKind = 'invalid' | 'absolute' | 'traversal' | 'git-dir' | 'encoded';

export interface RepoPathProblem {
  kind: RepoPathProblemKind;
  /** Why, in a few words: "it climbs out with '..'". */
  why: string;
}

/** null when the path is a plain repository path; otherwise why not. */
export function repoPathProblem(path: string): RepoPathProblem | null {
  const direct = literalProblem(path);
  if (direct) return direct;
  // An encoded traversal (`%2e%2e%2f`) is harmless to the filesystem, which
  // never decodes, but it is never a real path in an export either: whatever
  // wrote it meant the decoded form, so refuse it rather than guess.
  if (/%[0-9a-f]{2}/i.test(path)) {
    const decoded = safeDecode(path);
    if (decoded === null || (decoded !== path && literalProblem(decoded) !== null)) {
      return { kind: 'encoded', why: 'it hides a forbidden path behind %-encoding' };
    }
  }
  return null;
}

export function isPlainRepoPath(path: string): boolean {
  return repoPathProblem(path) === null;
}

function literalProblem(path: string): RepoPathProblem | null {
  if (path === '') return { kind: 'invalid', why: 'the path is empty' };
  if (path.includes('\0')) return { kind: 'invalid', why: 'it contains a NUL byte' };
  if (/[\x01-\x1f\x7f]/.test(path)) return { kind: 'invalid', why: 'it contains a control character' };
  if (path.startsWith('/')) return { kind: 'absolute', why: 'it is absolute' };
  if (/^[A-Za-z]:/.test(path)) return { kind: 'absolute', why: 'it starts with a drive letter' };
  if (path.includes('\\')) return { kind: 'invalid', why: 'it contains a backslash' };
  for (const segment of path.split('/')) {
    if (segment === '..') return { kind: 'traversal', why: "it climbs out with '..'" };
    if (segment === '' || segment === '.') return { kind: 'invalid', why: "it has an empty or '.' segment" };
    // `.git`, and the names some filesystems treat as `.git` (`.GIT`, `.git.`, `.git `).
    if (/^\.git[. ]*$/i.test(segment)) return { kind: 'git-dir', why: "it is inside git's own directory" };
  }
  return null;
}

function safeDecode(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}
