/**
 * Reads the JSON form of the feedback export (feedbackJson.ts) back into a
 * review: the envelope (format and version) first, then the review by
 * `validateFeedbackReview`, then the `decision`, which must say what the
 * verdict says. A byte order mark is not content.
 */
import { FEEDBACK_FORMAT, FEEDBACK_VERSION, FEEDBACK_VERSIONS_READ, decisionForVerdict, type FeedbackJson } from './feedbackJson.js';
import type { FeedbackParseError, ParseResult } from './feedbackParseResult.js';
import { formatFieldProblem, type Unchecked } from './fieldReader.js';
import { validateFeedbackReview } from './validateFeedbackReview.js';
import type { Verdict } from '../model/types.js';
import { errorMessage } from '../model/errorMessage.js';

type UncheckedFeedback = Unchecked<FeedbackJson>;

export function parseFeedbackJson(text: string): ParseResult {
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    return { ok: false, errors: [jsonSyntaxError(text, error)] };
  }
  const envelope = checkEnvelope(value);
  if (envelope.length > 0) return { ok: false, errors: envelope };
  const result = validateFeedbackReview(value);
  if (!result.ok) return { ok: false, errors: result.problems.map((p) => ({ message: formatFieldProblem(p) })) };
  const decision = checkDecision(value as UncheckedFeedback, result.review.verdict);
  if (decision) return { ok: false, errors: [decision] };
  return { ok: true, format: 'json', review: result.review };
}

function checkEnvelope(value: unknown): FeedbackParseError[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [{ message: 'expected a JSON object with "format": "redline-feedback"' }];
  }
  const { format, version } = value as UncheckedFeedback;
  if (format !== FEEDBACK_FORMAT) {
    return [{ message: `format: expected "${FEEDBACK_FORMAT}", got ${JSON.stringify(format) ?? 'nothing'}` }];
  }
  if (typeof version !== 'number' || !FEEDBACK_VERSIONS_READ.includes(version)) {
    const newer = typeof version === 'number' && Number.isInteger(version) && version > FEEDBACK_VERSION;
    return [
      {
        message: newer
          ? `version: ${version} is newer than this Redline reads (${FEEDBACK_VERSION}); update Redline`
          : `version: expected ${FEEDBACK_VERSIONS_READ.join(' or ')}, got ${JSON.stringify(version) ?? 'nothing'}`,
      },
    ];
  }
  return [];
}

/** `decision` is optional (exports before it had none); when given it must say what the verdict says. */
function checkDecision(value: UncheckedFeedback, verdict: Verdict): FeedbackParseError | null {
  if (value.decision === undefined || value.decision === decisionForVerdict(verdict)) return null;
  return { message: `decision: expected "${decisionForVerdict(verdict)}" (the verdict is "${verdict}"), got ${JSON.stringify(value.decision)}` };
}

/** Turns JSON.parse's error into a one-line message with the line it happened on, when V8 gave a position. */
function jsonSyntaxError(text: string, error: unknown): FeedbackParseError {
  const message = errorMessage(error);
  const position = /at position (\d+)/.exec(message);
  const lineMatch = /\(line (\d+) column \d+\)/.exec(message);
  let line: number | undefined;
  if (lineMatch) line = Number(lineMatch[1]);
  else if (position) line = text.slice(0, Number(position[1])).split('\n').length;
  const result: FeedbackParseError = { message: `not valid JSON: ${message}` };
  if (line !== undefined) result.line = line;
  return result;
}
