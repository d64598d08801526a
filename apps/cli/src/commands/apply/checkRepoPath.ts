/**
 * The lexical half of resolving an export's path inside the repository: a
 * path must be a plain relative path with `/` separators before it is ever
 * joined to the root. The filesystem half (symlinks, containment) is in
 * readTargetFile.ts. An export is untrusted input: a crafted one may name
 * `../x`, `/etc/passwd` or `.git/config`.
 */
import type { FileReasonCode } from './applyReport.js';

export interface PathRefusal {
  reason: FileReasonCode;
  message: string;
}

/** null when the path is a plain repository path; otherwise why not. */
export function checkRepoPath(path: string): PathRefusal | null {
  const direct = checkLiteral(path);
  if (direct) return direct;
  // An encoded traversal (`%2e%2e%2f`) is harmless to the filesystem, which
  // never decodes, but it is never a real path in an export either: whatever
  // wrote it meant the decoded form, so refuse it rather than guess.
  if (/%[0-9a-f]{2}/i.test(path)) {
    const decoded = safeDecode(path);
    if (decoded === null || (decoded !== path && checkLiteral(decoded) !== null)) {
      return refuse('path-encoded', path, 'it hides a forbidden path behind %-encoding');
    }
  }
  return null;
}

function checkLiteral(path: string): PathRefusal | null {
  if (path === '') return refuse('path-invalid', path, 'the path is empty');
  if (path.includes('\0')) return refuse('path-invalid', path, 'it contains a NUL byte');
  if (/[\x01-\x1f\x7f]/.test(path)) return refuse('path-invalid', path, 'it contains a control character');
  if (path.startsWith('/')) return refuse('path-absolute', path, 'it is absolute');
  if (/^[A-Za-z]:/.test(path)) return refuse('path-absolute', path, 'it starts with a drive letter');
  if (path.includes('\\')) return refuse('path-invalid', path, 'it contains a backslash');
  for (const segment of path.split('/')) {
    if (segment === '..') return refuse('path-traversal', path, "it climbs out with '..'");
    if (segment === '' || segment === '.') return refuse('path-invalid', path, "it has an empty or '.' segment");
    // `.git`, and the names some filesystems treat as `.git` (`.GIT`, `.git.`, `.git `).
    if (/^\.git[. ]*$/i.test(segment)) return refuse('path-git-dir', path, "it is inside git's own directory");
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

function refuse(reason: FileReasonCode, path: string, why: string): PathRefusal {
  return { reason, message: `refusing path ${JSON.stringify(path)}: ${why}` };
}
