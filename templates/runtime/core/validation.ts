/**
 * What a generated validator returns. Validators never throw: the caller decides which
 * error code a failure becomes (invalid_arguments before a call, malformed_response after).
 */
export type ValidationIssue = {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  message: string;
};

/**
 * Test for failure with `ok === false`, as this runtime does: without strictNullChecks (a consumer's
 * `strict: false`), `!result.ok` does not narrow to the failure and `result.issues` does not compile.
 */
export type ValidationResult<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };
