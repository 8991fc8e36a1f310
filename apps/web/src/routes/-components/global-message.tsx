import { useState } from 'react';
import { mandant } from '../../config/mandant';
import { Alert } from '../../ui/alert';

const CLOSED_KEY = 'ekp-meldung-geschlossen';

const readClosed = () => {
  try {
    return localStorage.getItem(CLOSED_KEY);
  } catch {
    return null;
  }
};

/**
 * The variant's closable message above every page (spec §2.5). Closing is remembered in this
 * browser for this message: a new id or a changed text shows again.
 */
export function GlobalMessage() {
  const message = mandant.globaleMeldung;
  const signature = message ? `${message.id}\n${message.text}` : '';
  const [closed, setClosed] = useState(() => readClosed() === signature);
  if (!message || closed) return null;
  const close = () => {
    try {
      localStorage.setItem(CLOSED_KEY, signature);
    } catch {
      // Private mode without storage: closed for this visit only.
    }
    setClosed(true);
  };
  return (
    <aside className="global-message" aria-label="Hinweis des Anbieters">
      <Alert tone="warning" onClose={close}>
        {message.text}
      </Alert>
    </aside>
  );
}
