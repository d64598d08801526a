/**
 * Defence in depth for the file endpoint: even a path from the diff's own
 * list must look like an ordinary repository path before it is joined to
 * the repository root. Git never produces anything else, so a path that
 * fails here means something is wrong, and nothing is read.
 */
export function isPlainRelativePath(path: string): boolean {
  if (path === '' || path.includes('\0')) return false;
  if (path.startsWith('/') || path.startsWith('\\') || /^[A-Za-z]:/.test(path)) return false;
  return path.split('/').every((part) => part !== '' && part !== '.' && part !== '..' && part.toLowerCase() !== '.git');
}
