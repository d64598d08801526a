/** What a variant's own agent posted about one of its files (`redline annotate --variant B`), in its column: read-only, beside the reviewer's comments. */
import type { CompareVariantData } from '@redline/core';
import { lineSpanWords } from '@redline/core';

export function AgentFindings({ variant, path }: { variant: CompareVariantData; path: string }) {
  const findings = variant.findings.filter((f) => f.path === path);
  if (findings.length === 0) return null;
  return (
    <ul className="compare-findings" aria-label={`${variant.id}'s agent on ${path}`}>
      {findings.map((finding, i) => (
        <li key={i}>
          <span className="compare-comment-where">
            {finding.kind}, {finding.side === 'old' ? 'old ' : ''}
            {lineSpanWords({ startLine: finding.lines.start, endLine: finding.lines.end })}
          </span>
          <span className="compare-comment-text">{finding.text}</span>
        </li>
      ))}
    </ul>
  );
}
