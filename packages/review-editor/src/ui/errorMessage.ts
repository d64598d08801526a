/** One line saying what went wrong, for a toast or an error line. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
