/**
 * A pull request under review, as the review's data carries it to the page
 * (docs/cli.md, "Review a pull request"): which one, and its unresolved review
 * threads on the forge, shown read-only under their lines. Texts are the
 * forge's, untrusted: the page renders bodies with its sanitizing markdown.
 */

export interface ForgeThreadComment {
  /** The author's login on the forge ("ghost" for a deleted account). */
  author: string;
  /** Markdown, as written on the forge. */
  body: string;
  createdAt: string;
}

/** An unresolved review thread of the pull request, placed as the forge places it. */
export interface ForgeThread {
  id: string;
  path: string;
  /** Its (last) line on its side; null when the diff no longer has it (outdated). */
  line: number | null;
  /** The first line of a multi-line thread; null for one line. */
  startLine: number | null;
  /** GitHub's sides: LEFT the base's lines, RIGHT the head's. */
  side: 'LEFT' | 'RIGHT';
  isOutdated: boolean;
  comments: ForgeThreadComment[];
}

export interface PullRequestData {
  forge: 'github';
  host: string;
  owner: string;
  repo: string;
  number: number;
  title: string;
  /** The pull request's page. */
  url: string;
  /** The commits reviewed: the merge base of the pull request's base and its head, and the head. */
  baseSha: string;
  headSha: string;
  threads: ForgeThread[];
}
