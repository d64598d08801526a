/** The variants, each named by its branch or folder (the reviewer renames one in place: PUT /api/compare/names), each with its verdict. */
import { useState } from 'react';
import type { CompareVariantData } from '@redline/core';
import { useCompare, useCompareService } from './compareContext.js';
import { VerdictChoice } from './VariantNotesEditor.js';

export function VariantNames() {
  const data = useCompare((s) => s.data);
  if (data.kind !== 'ready') return null;
  return (
    <ul className="compare-variants" aria-label="Variants">
      {data.value.variants.map((variant) => (
        <VariantName key={variant.id} variant={variant} />
      ))}
    </ul>
  );
}

function VariantName({ variant }: { variant: CompareVariantData }) {
  const service = useCompareService();
  const [editing, setEditing] = useState<string | null>(null);
  const save = () => {
    const name = editing?.trim() ?? '';
    setEditing(null);
    if (name !== '' && name !== variant.name) void service.rename(variant.id, name);
  };
  return (
    <li className="compare-variant">
      <span className="variant-id">{variant.id}</span>
      {editing === null ? (
        <button type="button" className="variant-name" title={`${variant.source} ${variant.where} — click to rename`} onClick={() => setEditing(variant.name)}>
          {variant.name}
        </button>
      ) : (
        <input
          aria-label={`Name of variant ${variant.id}`}
          value={editing}
          maxLength={80}
          autoFocus
          onChange={(event) => setEditing(event.target.value)}
          onBlur={save}
          onKeyDown={(event) => {
            if (event.key === 'Enter') save();
            if (event.key === 'Escape') {
              event.preventDefault();
              setEditing(null);
            }
          }}
        />
      )}
      <span className="variant-where">{variant.source === 'worktree' ? 'worktree' : variant.source}</span>
      <VerdictChoice variant={variant} />
    </li>
  );
}
