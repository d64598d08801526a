/**
 * Inclusive time per function of a CPU profile (a function's own samples and
 * those of everything it called, each sample counted once per function), the
 * view that says "parsing the review took 798 ms" where cdp.mjs's bottom-up
 * summary only names the leaves. Frames of the built page are named from its
 * source maps when the build has them (`npx vite build --sourcemap hidden`).
 */
import { sourceOf } from './sourceFrames.mjs';

export async function inclusiveTotals(profile, distDir, limit = 40) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const names = await nodeNames(profile.nodes, distDir);
  const selfUs = new Map();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)));
  const totals = new Map();
  for (const [id, us] of selfUs) {
    const counted = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const name = names.get(nodes.get(at).id);
      if (counted.has(name)) continue;
      counted.add(name);
      totals.set(name, (totals.get(name) ?? 0) + us);
    }
  }
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, limit).map(([fn, us]) => ({ fn, ms: us / 1000 }));
}

async function nodeNames(nodes, distDir) {
  const cache = new Map();
  const names = new Map();
  for (const { id, callFrame: f } of nodes) {
    const where = f.url ? await sourceOf(f.url, f.lineNumber + 1, f.columnNumber, distDir, cache) : '';
    names.set(id, `${f.functionName || '(anonymous)'}${where ? ` ${where}` : ''}`);
  }
  return names;
}
