/**
 * The earlier rounds' threads in the export: what is still asked
 * of the agent, with the code each thread points at now, and what was settled
 * since the last round. A section of its own after the annotations, in both
 * forms (docs/feedback-format.md, "Threads from earlier rounds"; the JSON
 * form is written by renderFeedbackJson.ts); the markdown
 * parser stops at its heading, so `redline apply` never takes a thread's code
 * for a suggestion. Everything is written with the export's own escaping:
 * words quoted (`quote`), ids and paths as code spans (`inlineCode`), code
 * fenced with its warning line (`codeBlock`).
 */
import { languageForPath } from '../diff/languageForPath.js';
import { lineSpanWords } from '../model/lineSpan.js';
import { blockingWord } from '../model/commentLabel.js';
import type { ExportOpenThread, ExportSettledThread, ExportThreads, ThreadReply } from './exportThreads.js';
import { THREADS_HEADING } from './feedbackMarkdownSyntax.js';
import { codeBlock, inlineCode, quote } from './markdownWriters.js';

export const THREADS_NOTE =
  '_Every thread of an earlier round that is still open, with the code it points at now: it is asked of you as well as the annotations above._';
export const SETTLED_HEADING = '### Resolved or applied since the last round';

export function renderThreadsMarkdown({ open, settled }: ExportThreads): string[] {
  const out = [THREADS_HEADING, THREADS_NOTE];
  for (const thread of open) out.push(...renderOpenThread(thread));
  if (settled.length > 0) out.push(SETTLED_HEADING, settled.map(settledLine).join('\n'));
  return out;
}

function renderOpenThread(thread: ExportOpenThread): string[] {
  const out = [`### Thread ${inlineCode(thread.id)} · round ${thread.round} · ${thread.state}`];
  const label = thread.label ? `\n- **Label:** ${thread.label.kind} (${blockingWord(thread.label.blocking)})` : '';
  out.push(`- **Where:** ${whereWords(thread)}\n- **Kind:** ${thread.kind}${label}`);
  if (thread.text !== '') out.push(quote(thread.text));
  if (thread.codeNow !== null) out.push(codeBlock('**Code now:**', thread.codeNow, languageForPath(thread.path)));
  for (const reply of thread.replies) out.push(replyLabel(reply), quote(reply.text === '' ? '(no text)' : reply.text));
  return out;
}

function whereWords({ path, where }: ExportOpenThread): string {
  if (path === '') return 'the whole review';
  if (where === null) return `${inlineCode(path)} (the file)`;
  return `${inlineCode(path)} ${lineSpanWords(where.lines)} (${where.side})`;
}

function replyLabel(reply: ThreadReply): string {
  return reply.by === 'reviewer' ? "**Reviewer's reply:**" : "**Agent's reply:**";
}

function settledLine({ id, round, path, outcome }: ExportSettledThread): string {
  const where = path === '' ? 'the whole review' : inlineCode(path);
  const what = outcome === 'resolved' ? 'resolved by the reviewer' : 'suggestion applied';
  return `- ${inlineCode(id)} (round ${round}, ${where}): ${what}`;
}

