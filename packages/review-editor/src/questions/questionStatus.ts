/**
 * Where a question stands, in the words its card shows: "asked 40 s ago;
 * the agent has not picked it up" (the agent may be between waits), "asked
 * 2 min ago; the agent is answering" once a wait returned it, "answered
 * 10 s ago" once it did.
 */
import type { Question } from '@redline/core';

export function questionStatusWords(question: Question, nowMs: number): string {
  if (question.answer !== null) return `answered ${ago(question.answer.answeredAt, nowMs)}`;
  const asked = `asked ${ago(question.askedAt, nowMs)}`;
  return question.pickedUpAt === null ? `${asked}; the agent has not picked it up` : `${asked}; the agent is answering`;
}

/** "just now", "40 s ago", "2 min ago", "3 h ago" (a clock behind the server's counts as now). */
function ago(iso: string, nowMs: number): string {
  const seconds = Math.max(0, Math.floor((nowMs - Date.parse(iso)) / 1000));
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  return `${Math.floor(seconds / 3600)} h ago`;
}
