import { FileInput } from '../../../ui/file-input';
import { preparePhoto, type PreparedFile } from '../../../lib/photo';

/** Spec §5: an optional photo of the meter, PNG or JPEG, shrunk before sending. */
export function PhotoField({
  value,
  onChange,
  error,
  onProblem,
}: {
  value: PreparedFile | null;
  onChange: (file: PreparedFile | null) => void;
  error: string | undefined;
  onProblem: (problem: boolean) => void;
}) {
  return (
    <FileInput
      label="Foto des Zählers (optional)"
      chooseLabel="Foto auswählen"
      captureLabel="Foto aufnehmen"
      accept="image/png,image/jpeg"
      hint="PNG oder JPEG. Große Fotos werden vor dem Senden verkleinert."
      value={value}
      onChange={onChange}
      prepare={preparePhoto}
      error={error}
      onProblem={onProblem}
    />
  );
}
