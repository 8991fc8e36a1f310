import { useEffect, useId, useRef, useState } from 'react';
import { formatDate, type Reading } from '@kundenportal/contract';
import { errorMessage } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { useReadingPhoto } from '../api/get-reading-photo';
import '../readings.css';

const PHOTO_ERROR = 'Das Foto konnte nicht geladen werden. Bitte versuchen Sie es später erneut.';

/**
 * "Foto ansehen" for a reading handed over with a photo: the photo in a modal dialog (the
 * browser's own: it keeps the focus inside and closes with Escape), with a way to save it.
 */
export function ReadingPhoto({ contractId, reading }: { contractId: number; reading: Reading }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const photo = useReadingPhoto(contractId);
  const [url, setUrl] = useState<string>();
  const day = formatDate(reading.ablesedatum);

  useEffect(() => {
    if (url) dialog.current?.showModal();
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [url]);

  const open = () =>
    photo.mutate(reading, { onSuccess: ({ blob }) => setUrl(URL.createObjectURL(blob)) });

  return (
    <>
      <button
        type="button"
        className="button button-secondary button-small"
        aria-disabled={photo.isPending || undefined}
        onClick={() => {
          if (!photo.isPending) open();
        }}
      >
        Foto ansehen<span className="visually-hidden"> (Ablesung vom {day})</span>
      </button>
      {photo.isError && (
        <p className="field-feedback" role="alert">
          {errorMessage(photo.error, PHOTO_ERROR)}
        </p>
      )}
      {url && (
        <dialog
          ref={dialog}
          className="photo-dialog"
          aria-labelledby={`${id}-title`}
          onClose={() => setUrl(undefined)}
        >
          <h2 id={`${id}-title`}>Foto der Ablesung vom {day}</h2>
          <img src={url} alt={`Foto des Zählers ${reading.zaehlernummer} vom ${day}`} />
          <div className="button-row">
            <button
              type="button"
              className="button"
              onClick={() => photo.data && saveFile(photo.data.blob, photo.data.filename)}
            >
              Foto speichern
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => dialog.current?.close()}
            >
              Schließen
            </button>
          </div>
        </dialog>
      )}
    </>
  );
}
