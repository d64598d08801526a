/** Small statistics and formatting helpers for the bench tables. */

export function median(values) {
  const numbers = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (numbers.length === 0) return null;
  const mid = Math.floor(numbers.length / 2);
  return numbers.length % 2 ? numbers[mid] : (numbers[mid - 1] + numbers[mid]) / 2;
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(values, p) {
  const numbers = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (numbers.length === 0) return null;
  const rank = Math.min(numbers.length - 1, Math.max(0, Math.ceil((p / 100) * numbers.length) - 1));
  return numbers[rank];
}

export function formatMs(ms) {
  if (ms === null || ms === undefined) return '–';
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms >= 1_000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 100) return `${Math.round(ms)} ms`;
  return `${ms.toFixed(1)} ms`;
}

export function formatBytes(bytes) {
  if (bytes === null || bytes === undefined) return '–';
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(2)} MB`;
  if (bytes >= 1e3) return `${(bytes / 1e3).toFixed(1)} KB`;
  return `${bytes} B`;
}

export function formatCount(n) {
  if (n === null || n === undefined) return '–';
  return n.toLocaleString('en-US');
}

/** Redline / difit, printed as `0.12×`; `–` when either side has no number. */
export function formatRatio(a, b) {
  if (typeof a !== 'number' || typeof b !== 'number' || !Number.isFinite(a) || !Number.isFinite(b) || b === 0) return '–';
  const r = a / b;
  return r >= 10 ? `${r.toFixed(0)}×` : r >= 1 ? `${r.toFixed(2)}×` : `${r.toFixed(3)}×`;
}
