/**
 * The overview: every file any variant touched, one row each (a file renamed
 * by one variant is one row, by its base path), each variant's +/− or "—",
 * and the files where every variant made the identical result marked
 * "agree" and folded under one line.
 */
import type { CompareData, OverviewRow } from '@redline/core';
import { useCompare } from './compareContext.js';

export function CompareOverview() {
  const data = useCompare((s) => s.data);
  if (data.kind !== 'ready') return null;
  const differing = data.value.rows.filter((row) => !row.agree);
  const agreeing = data.value.rows.filter((row) => row.agree);
  return (
    <div className="compare-overview">
      <OverviewTable data={data.value} rows={differing} label="Files the variants differ on" />
      {agreeing.length > 0 ? (
        <details className="compare-agree">
          <summary>
            {agreeing.length} file{agreeing.length === 1 ? '' : 's'} where every variant agrees
          </summary>
          <OverviewTable data={data.value} rows={agreeing} label="Files every variant changed the same way" />
        </details>
      ) : null}
    </div>
  );
}

function OverviewTable({ data, rows, label }: { data: CompareData; rows: readonly OverviewRow[]; label: string }) {
  const file = useCompare((s) => s.file);
  const set = useCompare((s) => s.set);
  if (rows.length === 0) return null;
  return (
    <table className="compare-table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">File</th>
          {data.variants.map((variant) => (
            <th scope="col" key={variant.id} title={variant.name}>
              {variant.id}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} aria-current={row.key === file ? 'true' : undefined}>
            <th scope="row">
              <button type="button" className="compare-file-link" onClick={() => set({ file: row.key })}>
                {row.key}
              </button>
              {row.agree ? <span className="compare-chip">agree</span> : null}
            </th>
            {row.touched.map((touched, i) => (
              <td key={data.variants[i]!.id} className={touched ? 'touched' : 'untouched'}>
                {touched === null ? (
                  <span aria-label="not touched">—</span>
                ) : touched.binary ? (
                  'binary'
                ) : (
                  <>
                    <span className="added">+{touched.additions}</span> <span className="deleted">−{touched.deletions}</span>
                  </>
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
