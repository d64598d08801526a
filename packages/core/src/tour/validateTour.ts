/**
 * The tour `redline annotate` posts (`{ "tour": { "title", "steps": [ … ] } }`),
 * read from `unknown` once, at the edge: every problem names its field
 * (`tour.steps[1].lines.end: …`), and any problem refuses the whole tour.
 */
import { FieldReader, type FieldProblem } from '../export/fieldReader.js';
import type { Side } from '../model/types.js';
import { readLines, readPath } from '../proposals/validateFindings.js';
import { MAX_TOUR_STEPS, MAX_TOUR_TITLE, type Tour, type TourStep } from './tourTypes.js';

export type TourResult = { ok: true; tour: Tour } | { ok: false; problems: FieldProblem[] };

const SIDES: readonly Side[] = ['old', 'new'];
const TOUR_FIELDS = new Set(['title', 'steps']);
const STEP_FIELDS = new Set(['path', 'side', 'lines', 'text']);

export function validateTour(value: unknown, field = 'tour'): TourResult {
  const reader = new FieldReader();
  const tour = readTour(reader, value, field);
  return tour === undefined || reader.problems.length > 0 ? { ok: false, problems: reader.problems } : { ok: true, tour };
}

function readTour(reader: FieldReader, value: unknown, field: string): Tour | undefined {
  const obj = reader.object<Tour>(value, field);
  if (!obj) return undefined;
  const unknownKey = Object.keys(obj).find((key) => !TOUR_FIELDS.has(key));
  if (unknownKey !== undefined) return reader.fail(`${field}.${unknownKey}`, `unknown field (expected ${[...TOUR_FIELDS].join(', ')})`);
  const title = reader.string(obj, 'title', `${field}.title`);
  if (title !== undefined && title.trim() === '') return reader.fail(`${field}.title`, 'expected words');
  if (title !== undefined && title.length > MAX_TOUR_TITLE) return reader.fail(`${field}.title`, `${title.length} characters; at most ${MAX_TOUR_TITLE}`);
  if (!Array.isArray(obj.steps)) return reader.fail(`${field}.steps`, 'expected a list of steps');
  if (obj.steps.length === 0) return reader.fail(`${field}.steps`, 'expected at least one step');
  if (obj.steps.length > MAX_TOUR_STEPS) return reader.fail(`${field}.steps`, `${obj.steps.length} steps; at most ${MAX_TOUR_STEPS}`);
  const steps = obj.steps.map((step, index) => readStep(reader, step, `${field}.steps[${index}]`));
  if (title === undefined || steps.some((step) => step === undefined)) return undefined;
  return { title, steps: steps as TourStep[] };
}

function readStep(reader: FieldReader, value: unknown, field: string): TourStep | undefined {
  const obj = reader.object<TourStep>(value, field);
  if (!obj) return undefined;
  const unknownKey = Object.keys(obj).find((key) => !STEP_FIELDS.has(key));
  if (unknownKey !== undefined) return reader.fail(`${field}.${unknownKey}`, `unknown field (expected ${[...STEP_FIELDS].join(', ')})`);
  const path = readPath(reader, obj.path, `${field}.path`);
  const side = reader.oneOf(obj, 'side', `${field}.side`, SIDES);
  const lines = readLines(reader, obj.lines, `${field}.lines`);
  const text = reader.string(obj, 'text', `${field}.text`);
  if (text !== undefined && text.trim() === '') return reader.fail(`${field}.text`, 'expected words');
  if (path === undefined || side === undefined || lines === undefined || text === undefined) return undefined;
  return { path, side, lines, text };
}
