/**
 * The reviewer's questions to the agent in the export, each with the agent's
 * answer (or none yet), so the agent reading the feedback knows what was
 * asked and what it said: a last section, after the agent's proposals, in
 * both forms (docs/feedback-format.md, "Questions to the agent"). The
 * markdown parser stops at its heading, as at the proposals'.
 */
import { languageForPath } from '../diff/languageForPath.js';
import { lineSpanWords } from '../model/lineSpan.js';
import type { QuestionJson } from './feedbackJson.js';
import type { Question, QuestionAnchor } from '../questions/questionTypes.js';
import { QUESTIONS_HEADING } from './feedbackMarkdownSyntax.js';
import { codeBlock, inlineCode, quote } from './markdownWriters.js';

export const QUESTIONS_NOTE = "_What the reviewer asked the agent during the review, oldest first, and the agent's answer to each._";

/** The one order: when asked, then id. */
function sortQuestions(questions: readonly Question[]): Question[] {
  return [...questions].sort((a, b) => (a.askedAt < b.askedAt ? -1 : a.askedAt > b.askedAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export function renderQuestionsMarkdown(questions: readonly Question[]): string[] {
  const out = [QUESTIONS_HEADING, QUESTIONS_NOTE];
  for (const question of sortQuestions(questions)) out.push(...renderQuestion(question));
  return out;
}

/** Where a question is, in words: `path` lines 3-4 (new), `path`, proposal `id`, the whole review. */
export function questionPlace(anchor: QuestionAnchor): string {
  switch (anchor.scope) {
    case 'review':
      return 'the whole review';
    case 'file':
      return inlineCode(anchor.path);
    case 'lines':
      return `${inlineCode(anchor.path)} ${lineSpanWords({ startLine: anchor.lines.start, endLine: anchor.lines.end })} (${anchor.side})`;
    case 'proposal':
      return `the agent's proposal ${inlineCode(anchor.proposalId)}`;
  }
}

/** The questions alone, as the export draws them: what `redline wait` prints to the agent, after its own first line. */
export function renderQuestionBlocks(questions: readonly Question[]): string {
  return sortQuestions(questions).flatMap(renderQuestion).join('\n\n') + '\n';
}

function renderQuestion({ id, anchor, text, quoted, answer }: Question): string[] {
  const out = [`### Question ${inlineCode(id)} · ${answer === null ? 'unanswered' : 'answered'}`];
  const items = [`- **Where:** ${questionPlace(anchor)}`];
  if (answer?.proposalId != null) items.push(`- **Suggestion:** the agent's proposal ${inlineCode(answer.proposalId)} (under "Agent proposals")`);
  out.push(items.join('\n'));
  if (quoted !== null && anchor.scope === 'lines') out.push(codeBlock('**Quoted code:**', quoted, languageForPath(anchor.path)));
  out.push(quote(text));
  if (answer !== null) out.push("**Agent's answer:**", quote(answer.text));
  return out;
}

/** The JSON form: fixed key order, as the API has it. */
export function questionsToJson(questions: readonly Question[]): QuestionJson[] {
  return sortQuestions(questions).map(({ id, anchor, text, quoted, askedAt, answer }) => ({
    id,
    anchor: { ...anchor },
    text,
    quoted,
    askedAt,
    answer: answer === null ? null : { text: answer.text, answeredAt: answer.answeredAt, proposalId: answer.proposalId },
  }));
}
