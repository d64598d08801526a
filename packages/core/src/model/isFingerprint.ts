/**
 * The one spelling of a sha256 in Redline's data: 64 lowercase hex digits.
 * Diff fingerprints, draft keys and a suggestion's revision all use it.
 */
const FINGERPRINT_RE = /^[0-9a-f]{64}$/;

export function isFingerprint(value: string): boolean {
  return FINGERPRINT_RE.test(value);
}
