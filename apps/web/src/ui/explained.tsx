import type { ReactNode } from 'react';
import './explained.css';

/**
 * A term as the spec or the supplier's data names it, with what it means beside it in small
 * type: on the same line for a word or two ("Ersatzwert (geschätzt)"), else on a line of its own.
 */
export function Explained({
  term,
  explanation,
}: {
  term: ReactNode;
  explanation: string | undefined;
}) {
  if (!explanation) return <>{term}</>;
  const short = explanation.length <= 20;
  return (
    <span className="explained">
      {term}{' '}
      <span className={short ? 'explanation' : 'explanation explanation-line'}>{explanation}</span>
    </span>
  );
}
