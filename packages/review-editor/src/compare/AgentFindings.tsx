/** What a variant's own agent posted about one of its files (`redline annotate --variant B`: findings, and its tour's steps there), in its column: read-only, beside the reviewer's comments. */
import type { CompareVariantData } from '@redline/core';
import { lineSpanWords } from '@redline/core';

export function AgentFindings({ variant, path }: { variant: CompareVariantData; path: string }) {
  const findings = variant.findings.filter((f) => f.path === path);
  const steps = (variant.tour?.steps ?? []).map((step, i) => ({ step, number: i + 1 })).filter(({ step }) => step.path === path);
  if (findings.length === 0 && steps.length === 0) return null;
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
      {steps.map(({ step, number }) => (
        <li key={`step-${number}`}>
          <span className="compare-comment-where">
            tour step {number} of {variant.tour!.steps.length}, {step.side === 'old' ? 'old ' : ''}
            {lineSpanWords({ startLine: step.lines.start, endLine: step.lines.end })}
          </span>
          <span className="compare-comment-text">{step.text}</span>
        </li>
      ))}
    </ul>
  );
}
