import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { formatFileSize, invalid, PHOTO_READ_ERROR_MESSAGE } from '@kundenportal/contract';
import { FileRejection, type PreparedFile } from '../lib/photo';
import { describedBy, FieldMessages } from './field-messages';
import './file-input.css';

interface FileInputProps {
  label: string;
  /** The button that opens the file picker, e.g. "Foto auswählen". */
  chooseLabel: string;
  /** On phones a second button opens the camera at once, e.g. "Foto aufnehmen". */
  captureLabel?: string;
  accept: string;
  hint?: ReactNode;
  value: PreparedFile | null;
  onChange: (file: PreparedFile | null) => void;
  /** Reads, checks and converts a chosen file; a FileRejection's message shows at the field. */
  prepare: (file: File, onProgress: (share: number) => void) => Promise<PreparedFile>;
  /** A message from outside, e.g. the server's refusal of the file. */
  error?: string | undefined;
  /** Tells the form whether the field holds a refused file (the form then waits). */
  onProblem?: (problem: boolean) => void;
}

/**
 * A file field for phones and desktops: file name, size ("2,5 MB → 367 kB" when shrunk), read progress,
 * a preview for images and the read error of spec §5. The native inputs are visually hidden
 * behind their labels, which look like buttons, so that the texts are German everywhere.
 */
export function FileInput({
  label,
  chooseLabel,
  captureLabel,
  accept,
  hint,
  value,
  onChange,
  prepare,
  error,
  onProblem,
}: FileInputProps) {
  const id = useId();
  const chooser = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const run = useRef(0);
  const [progress, setProgress] = useState<number | null>(null);
  const [rejection, setRejection] = useState<{ name: string; message: string } | null>(null);
  const message = rejection?.message ?? error;
  const feedback = message ? invalid(message) : undefined;

  useEffect(() => onProblem?.(rejection !== null), [rejection, onProblem]);
  // The preview lives as long as the chosen file.
  useEffect(
    () => () => {
      if (value) URL.revokeObjectURL(value.previewUrl);
    },
    [value],
  );

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const current = ++run.current;
    setRejection(null);
    onChange(null);
    setProgress(0);
    try {
      const prepared = await prepare(file, (share) => {
        if (current === run.current) setProgress(share);
      });
      if (current === run.current) onChange(prepared);
      else URL.revokeObjectURL(prepared.previewUrl);
    } catch (problem) {
      if (current !== run.current) return;
      setRejection({
        name: file.name,
        message: problem instanceof FileRejection ? problem.message : PHOTO_READ_ERROR_MESSAGE,
      });
    } finally {
      if (current === run.current) setProgress(null);
    }
  };

  const clear = () => {
    run.current++;
    setProgress(null);
    setRejection(null);
    onChange(null);
    for (const input of [chooser.current, camera.current]) if (input) input.value = '';
    chooser.current?.focus();
  };

  const describe = describedBy(id, hint, feedback);
  const pickerProps = {
    accept,
    describedBy: describe,
    invalid: feedback !== undefined,
    disabled: progress !== null,
    onFile: (file: File | undefined) => void choose(file),
  };
  const shown = value ?? (rejection ? { name: rejection.name } : null);

  return (
    <div
      className={`field file-field${feedback ? ' field-invalid' : ''}`}
      role="group"
      aria-labelledby={`${id}-label`}
    >
      <span id={`${id}-label`} className="field-label">
        {label}
      </span>
      <div className="file-buttons">
        <FilePicker ref={chooser} text={chooseLabel} {...pickerProps} />
        {captureLabel && (
          <FilePicker ref={camera} text={captureLabel} capture="environment" {...pickerProps} />
        )}
      </div>
      {progress !== null && (
        <div className="file-progress">
          <label htmlFor={`${id}-progress`}>
            Datei wird gelesen: {Math.round(progress * 100)} %
          </label>
          <progress id={`${id}-progress`} max={100} value={Math.round(progress * 100)} />
        </div>
      )}
      {shown && (
        <div className="file-chosen">
          {value && (
            <img className="file-preview" src={value.previewUrl} alt={`Vorschau: ${value.name}`} />
          )}
          <dl className="file-facts">
            <div>
              <dt>Datei</dt>
              <dd>{shown.name}</dd>
            </div>
            {value && (
              <div>
                <dt>Größe</dt>
                <dd>
                  {formatFileSize(value.size)}
                  {/* A small photo is drawn anew (no EXIF) and may come out a little larger:
                      only a real reduction is worth saying. */}
                  {value.uploadSize < value.size && (
                    <>
                      {' '}
                      <span aria-hidden="true">→</span>
                      <span className="visually-hidden">verkleinert auf</span>{' '}
                      {formatFileSize(value.uploadSize)}
                    </>
                  )}
                </dd>
              </div>
            )}
          </dl>
          <button type="button" className="button button-secondary" onClick={clear}>
            Datei entfernen
          </button>
        </div>
      )}
      <FieldMessages id={id} hint={hint} feedback={feedback} />
    </div>
  );
}

/** A native file input, visually hidden inside a label that looks like a button. */
function FilePicker({
  ref,
  text,
  capture,
  accept,
  describedBy: describe,
  invalid: isInvalid,
  disabled,
  onFile,
}: {
  ref: Ref<HTMLInputElement>;
  text: string;
  capture?: 'environment';
  accept: string;
  describedBy: string | undefined;
  invalid: boolean;
  disabled: boolean;
  onFile: (file: File | undefined) => void;
}) {
  return (
    <label className={`button button-secondary file-button${capture ? ' file-button-camera' : ''}`}>
      <input
        ref={ref}
        type="file"
        className="visually-hidden"
        accept={accept}
        capture={capture}
        aria-describedby={describe}
        aria-invalid={isInvalid || undefined}
        disabled={disabled}
        onChange={(event) => onFile(event.target.files?.[0])}
      />
      {text}
    </label>
  );
}
