/** The first screen's round view: the sections of the diff since the last round and their line counts, by path (a deleted file by its old one), as the page maps them. */
import { splitPatchSections, type FirstScreenRoundView, type SinceRoundData } from '@redline/core';
import { parsePatchFiles } from '../patch/parsePatchFiles.js';

export function sinceRoundSections(since: SinceRoundData): FirstScreenRoundView {
  const sections = splitPatchSections(since.patch);
  const facts = parsePatchFiles(since.patch);
  return {
    sections: new Map(facts.map((file, i) => [file.path, sections[i] ?? ''])),
    counts: new Map(facts.map((file) => [file.path, { additions: file.additions, deletions: file.deletions }])),
  };
}
