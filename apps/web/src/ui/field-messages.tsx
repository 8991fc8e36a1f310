import type { ReactNode } from 'react';
import type { Feedback } from '@kundenportal/contract';

/** The ids a field's control names in aria-describedby: its hint and its rule's message. */
export function describedBy(
  id: string,
  hint: ReactNode,
  feedback: Feedback | undefined,
): string | undefined {
  const ids = [hint ? `${id}-hint` : null, feedback?.typ === 'invalid' ? `${id}-feedback` : null];
  return ids.filter(Boolean).join(' ') || undefined;
}

/** The hint under a field and, when its rule fails, the message in red. */
export function FieldMessages({
  id,
  hint,
  feedback,
}: {
  id: string;
  hint?: ReactNode;
  feedback?: Feedback | undefined;
}) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {feedback?.typ === 'invalid' && (
        <p id={`${id}-feedback`} className="field-feedback">
          {feedback.nachricht}
        </p>
      )}
    </>
  );
}
