import { useEffect, useRef } from 'react';

/**
 * Logging out with readings that wait on this device: keep them for the next login here, or
 * delete them (a shared device). A modal dialog: focus inside, Escape cancels.
 */
export function LogoutDialog({
  waiting,
  onKeep,
  onDelete,
  onCancel,
}: {
  waiting: number;
  onKeep: () => void;
  onDelete: () => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  // Closed first: while the modal dialog is open the page behind it takes no focus.
  const cancel = () => {
    dialog.current?.close();
    onCancel();
  };
  const text =
    waiting === 1
      ? 'Ein Zählerstand wartet auf diesem Gerät noch auf das Senden. Soll er auf diesem Gerät bleiben und bei Ihrer nächsten Anmeldung gesendet werden?'
      : `${waiting} Zählerstände warten auf diesem Gerät noch auf das Senden. Sollen sie auf diesem Gerät bleiben und bei Ihrer nächsten Anmeldung gesendet werden?`;
  return (
    <dialog
      ref={dialog}
      className="card logout-dialog"
      aria-labelledby="abmelden-titel"
      aria-describedby="abmelden-text"
      onCancel={(event) => {
        event.preventDefault();
        cancel();
      }}
    >
      <h2 id="abmelden-titel">Abmelden</h2>
      <p id="abmelden-text">{text}</p>
      <div className="logout-dialog-actions">
        <button type="button" className="button" onClick={onKeep}>
          Behalten und abmelden
        </button>
        <button type="button" className="button button-secondary" onClick={onDelete}>
          Löschen und abmelden
        </button>
        <button type="button" className="button button-secondary" onClick={cancel}>
          Abbrechen
        </button>
      </div>
    </dialog>
  );
}
