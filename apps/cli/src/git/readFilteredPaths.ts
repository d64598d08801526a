/**
 * Which working-tree files git may convert before hashing or diffing them:
 * end-of-line conversion (core.autocrlf, or the text/crlf/eol attributes),
 * clean filters, `ident` and working-tree-encoding. For those the blob id in
 * the patch is not the id of the bytes on disk, so the server hashes them
 * when the diff is read instead (see GitReviewSource). Two small git runs:
 * `git config` and one `git check-attr --stdin` for every path.
 */
import { runGit } from './runGit.js';

const ATTRIBUTES = ['text', 'crlf', 'eol', 'filter', 'ident', 'working-tree-encoding'];

export async function readFilteredPaths(root: string, paths: readonly string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const [autocrlf, attributes] = await Promise.all([
    runGit(['config', '--get', 'core.autocrlf'], { cwd: root, okExitCodes: [0, 1] }),
    runGit(['check-attr', '-z', '--stdin', ...ATTRIBUTES], { cwd: root, input: paths.join('\0') + '\0' }),
  ]);
  const autoEol = ['true', 'input'].includes(autocrlf.stdout.toString('utf8').trim().toLowerCase());
  const byPath = new Map<string, Map<string, string>>();
  const fields = attributes.stdout.toString('utf8').split('\0');
  for (let i = 0; i + 2 < fields.length; i += 3) {
    const [path, attribute, value] = [fields[i]!, fields[i + 1]!, fields[i + 2]!];
    if (!byPath.has(path)) byPath.set(path, new Map());
    byPath.get(path)!.set(attribute, value);
  }
  const filtered = new Set<string>();
  for (const path of paths) {
    const values = byPath.get(path);
    if (!values || mayConvert(values, autoEol)) filtered.add(path);
  }
  return filtered;
}

/** Conservative: any hint of a conversion counts (an unset `text`/`crlf` turns end-of-line conversion off). */
function mayConvert(values: Map<string, string>, autoEol: boolean): boolean {
  const given = (name: string) => {
    const value = values.get(name) ?? 'unspecified';
    return value !== 'unspecified' && value !== 'unset';
  };
  if (given('filter') || given('ident') || given('working-tree-encoding') || given('eol')) return true;
  const eolOff = values.get('text') === 'unset' || values.get('crlf') === 'unset';
  if (eolOff) return false;
  return given('text') || given('crlf') || autoEol;
}
