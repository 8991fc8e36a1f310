import type { MouseEvent, ReactNode } from 'react';

interface SubmitButtonProps {
  /** The form is not complete, or its call is out: the button does nothing. */
  blocked: boolean;
  className?: string;
  /** The notes that say why it is blocked. */
  describedBy?: string | undefined;
  children: ReactNode;
}

/**
 * A form's submit that stays in the tab order while it cannot be used (spec §2.5's disabled
 * submit): with `disabled` a keyboard user would never reach it, and so never hear its
 * description, "Es fehlt noch: …". `aria-disabled` says it cannot be used; the click, which
 * Enter in a field also fires (implicit submission), is stopped before the form sees it.
 */
export function SubmitButton({
  blocked,
  className = 'button',
  describedBy,
  children,
}: SubmitButtonProps) {
  const stopWhileBlocked = (event: MouseEvent<HTMLButtonElement>) => {
    if (blocked) event.preventDefault();
  };
  return (
    <button
      type="submit"
      className={className}
      aria-disabled={blocked}
      aria-describedby={describedBy}
      onClick={stopWhileBlocked}
    >
      {children}
    </button>
  );
}
