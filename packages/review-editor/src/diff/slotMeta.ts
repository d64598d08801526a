import type { UnsafeLine } from './unsafeLines.js';
import type { LongLine } from '../longLines/longLines.js';

/**
 * What one CodeView annotation slot shows. Slots carry ids, not content:
 * the React component behind each slot reads the live annotation or form
 * from the store, so typing never republishes items.
 */
export type SlotMeta =
  | { kind: 'annotation'; id: string }
  | { kind: 'composer'; key: number }
  /** A thread of an earlier round, drawn apart from this round's annotations. */
  | { kind: 'thread'; id: string }
  /** An unresolved review thread of the pull request under review, read-only (threads/ForgeThreadCard.tsx). */
  | { kind: 'forge-thread'; id: string }
  | { kind: 'unsafe-line'; line: UnsafeLine }
  /** A line drawn cut (longLines/): what was cut, and "Show the whole line". */
  | { kind: 'long-line'; fileId: string; line: LongLine }
  /** The file-level notices (binary, mode change, hidden characters…) above the first line. */
  | { kind: 'file-notices'; fileId: string }
  /** A strip under the header, rendered by the `fileBanner` extension (the edit session's HUD). */
  | { kind: 'file-banner'; fileId: string }
  /** One of the agent's proposals (proposals/ProposalCard.tsx). */
  | { kind: 'proposal'; id: string }
  /** One side of a markdown file shown rendered, in place of its source lines (markdown/RenderedMarkdownFile.tsx). */
  | { kind: 'markdown-file'; fileId: string; side: 'old' | 'new' };
