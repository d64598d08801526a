/** The comments and suggestions of a rendered JSON export, for the agent's status. */
import type { AnnotationCounts } from './agentApi.js';

export function countAnnotations(exportJson: string): AnnotationCounts {
  const { annotations } = JSON.parse(exportJson) as { annotations: { kind: string }[] };
  const suggestions = annotations.filter((annotation) => annotation.kind === 'suggestion').length;
  return { comments: annotations.length - suggestions, suggestions };
}
