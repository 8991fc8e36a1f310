import type { ReactNode } from 'react';
import type { Feedback } from '@kundenportal/contract';

/**
 * A field's message: react-hook-form's error text, or (until every form has moved to the
 * contract's schema) a rule's Feedback.
 */
export type FieldProblem = string | Feedback | undefined;

/** The message to show, if any. */
export function problemText(problem: FieldProblem): string | undefined {
  if (typeof problem === 'string') return problem === '' ? undefined : problem;
  return problem?.typ === 'invalid' ? problem.nachricht : undefined;
}

/** The ids a field's control names in aria-describedby: its hint and its message. */
export function describedBy(
  id: string,
  hint: ReactNode,
  problem: FieldProblem,
): string | undefined {
  const ids = [hint ? `${id}-hint` : null, problemText(problem) ? `${id}-feedback` : null];
  return ids.filter(Boolean).join(' ') || undefined;
}

/** The hint under a field and, when it has a problem, the message in red. */
export function FieldMessages({
  id,
  hint,
  error,
  feedback,
}: {
  id: string;
  hint?: ReactNode;
  /** The field's message (react-hook-form's `fieldState.error?.message`). */
  error?: string | undefined;
  feedback?: Feedback | undefined;
}) {
  const message = problemText(error) ?? problemText(feedback);
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {message && (
        <p id={`${id}-feedback`} className="field-feedback">
          {message}
        </p>
      )}
    </>
  );
}
