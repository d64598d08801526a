/**
 * The file being read: each variant's diff against the base, one under
 * another or in columns (the reader picks), with "Take this file from B"
 * and, per hunk, "Take this hunk from B"; then one variant against another
 * ("C against B"), so the reviewer sees where they differ.
 */
import { useEffect, useState } from 'react';
import { isTakenWhole, type CompareData, type CompareVariantData, type OverviewRow } from '@redline/core';
import { useCompare, useCompareService } from './compareContext.js';
import { againstKey, samePick, type CompareLayout } from './compareSlice.js';
import { AgentFindings } from './AgentFindings.js';
import { SectionHunks } from './SectionHunks.js';
import { CommentForm, commentTarget, VariantComments } from './VariantNotesEditor.js';

export function CompareFile() {
  const data = useCompare((s) => s.data);
  const file = useCompare((s) => s.file);
  const layout = useCompare((s) => s.layout);
  const set = useCompare((s) => s.set);
  if (data.kind !== 'ready' || file === null) return <div className="compare-file" />;
  const row = data.value.rows.find((r) => r.key === file);
  if (!row) return <div className="compare-file" />;
  return (
    <div className="compare-file" aria-label={`File ${file}`} role="region">
      <div className="compare-file-header">
        <h3>{file}</h3>
        <fieldset className="compare-layout">
          <legend className="sr-only">Lay the variants out</legend>
          {(['stacked', 'columns'] as const satisfies readonly CompareLayout[]).map((choice) => (
            <label key={choice}>
              <input type="radio" name="compare-layout" checked={layout === choice} onChange={() => set({ layout: choice })} />
              {choice === 'stacked' ? 'One under another' : 'In columns'}
            </label>
          ))}
        </fieldset>
      </div>
      <div className={`compare-variant-diffs layout-${layout}`}>
        {data.value.variants.map((variant, i) => (
          <VariantFile key={variant.id} variant={variant} row={row} index={i} />
        ))}
      </div>
      <AgainstView data={data.value} file={file} />
    </div>
  );
}

function VariantFile({ variant, row, index }: { variant: CompareVariantData; row: OverviewRow; index: number }) {
  const service = useCompareService();
  const picks = useCompare((s) => s.picks);
  const touched = row.touched[index];
  const [commenting, setCommenting] = useState<ReturnType<typeof commentTarget> | null>(null);
  const label = `${variant.id} · ${variant.name}`;
  if (!touched) {
    return (
      <section className="variant-file untouched" aria-label={label}>
        <h4>{label}</h4>
        <p className="compare-note">Left this file as the base has it.</p>
      </section>
    );
  }
  const section = variant.files.find((f) => f.path === touched.path)?.section ?? '';
  const whole = { kind: 'file' as const, path: row.key, variant: variant.id };
  const taken = picks.some((p) => samePick(p, whole));
  return (
    <section className="variant-file" aria-label={label}>
      <div className="variant-file-header">
        <h4>
          {label} <span className="added">+{touched.additions}</span> <span className="deleted">−{touched.deletions}</span>
          {touched.path !== row.key ? <span className="compare-chip">renamed to {touched.path}</span> : null}
        </h4>
        <button type="button" className={`btn btn-small${taken ? ' btn-taken' : ''}`} aria-pressed={taken} onClick={() => void service.take(whole)}>
          {taken ? `Taken from ${variant.id}` : `Take this file from ${variant.id}`}
        </button>
      </div>
      {/* A file the variant added or deleted, or a binary one, is taken whole (apply's whole-file writes), never by the hunk. */}
      <SectionHunks section={section} pickFor={isTakenWhole(touched) ? null : { path: row.key, variant: variant.id }} onLine={(line) => setCommenting(commentTarget(touched.path, line))} />
      {commenting ? <CommentForm variant={variant} target={commenting} onDone={() => setCommenting(null)} /> : null}
      <AgentFindings variant={variant} path={touched.path} />
      <VariantComments variant={variant} path={touched.path} />
    </section>
  );
}

function AgainstView({ data, file }: { data: CompareData; file: string }) {
  const service = useCompareService();
  const against = useCompare((s) => s.against);
  const shown = useCompare((s) => s.againstPatch);
  const key = against ? againstKey(against, file) : null;
  useEffect(() => {
    if (against && shown?.key !== key) void service.showAgainst(against, file);
  }, [against, file, key, shown?.key, service]);
  if (!against) return null;
  const choose = (side: 'from' | 'to', id: string) => void service.showAgainst({ ...against, [side]: id }, file);
  const name = (id: string) => data.variants.find((v) => v.id === id)?.id ?? id;
  return (
    <section className="compare-against" aria-label={`${name(against.to)} against ${name(against.from)}`}>
      <div className="variant-file-header">
        <h4>
          <VariantSelect label="Variant shown" value={against.to} data={data} onChange={(id) => choose('to', id)} /> against{' '}
          <VariantSelect label="Variant compared with" value={against.from} data={data} onChange={(id) => choose('from', id)} />
        </h4>
      </div>
      {shown?.key !== key || shown.patch.kind === 'loading' ? (
        <p className="compare-note">Reading…</p>
      ) : shown.patch.kind === 'failed' ? (
        <p className="compare-note" role="alert">{shown.patch.message}</p>
      ) : shown.patch.value === '' ? (
        <p className="compare-note">The two variants have the same file.</p>
      ) : (
        <SectionHunks section={shown.patch.value} pickFor={null} />
      )}
    </section>
  );
}

function VariantSelect({ label, value, data, onChange }: { label: string; value: string; data: CompareData; onChange: (id: string) => void }) {
  return (
    <select aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      {data.variants.map((variant) => (
        <option key={variant.id} value={variant.id}>
          {variant.id} · {variant.name}
        </option>
      ))}
    </select>
  );
}
