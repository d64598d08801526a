/**
 * Whether a failed request means the server is gone: no answer at all
 * (`fetch` rejected: the process ended, or its port is closed). An HTTP
 * error is an answer, so the server is still there.
 */
import { ApiRequestError } from '../api/apiClient.js';

export function isServerGone(error: unknown): boolean {
  return error instanceof ApiRequestError && error.code === 'network';
}
