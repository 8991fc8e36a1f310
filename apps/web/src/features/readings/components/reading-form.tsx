import { useCallback, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from '@tanstack/react-router';
import {
  canSubmitReading,
  invalid,
  parseReadingValue,
  READING_FAILED_MESSAGE,
  type CreateReadingInput,
  type Meter,
  type Plausibility,
} from '@kundenportal/contract';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { preparePhoto, type PreparedFile } from '../../../lib/photo';
import { todayInGermany } from '../../../lib/today';
import { Alert } from '../../../ui/alert';
import { DatePicker } from '../../../ui/date-picker';
import { FileInput } from '../../../ui/file-input';
import { checkPlausibility } from '../api/check-plausibility';
import { useCreateReading } from '../api/create-reading';
import { ChannelInput } from './channel-input';
import { MeterSelect } from './meter-select';
import { PlausibilityWarning } from './plausibility-warning';

/** A meter the form offers, with the delivery days of its contract. */
export interface MeterChoice {
  contractId: number;
  meter: Meter;
  lieferbeginn: string | null;
  lieferende: string | null;
}

export const meterKey = (choice: MeterChoice) => `${choice.contractId}:${choice.meter.nummer}`;

interface ReadingValues {
  zaehler: string;
  ablesedatum: string;
  werte: string[];
}

/** The proposed reading the customer confirmed despite the plausibility warning. */
interface Warning {
  key: string;
  plausibility: Plausibility;
}

/**
 * Spec §2.4 and §5: meter, reading date (today at most), one value per channel, an optional
 * photo. Before sending, the server's plausibility check; an unusual value can be corrected or
 * confirmed. A refusal keeps every input and shows at the field it concerns.
 */
export function ReadingForm({
  choices,
  initialKey,
  fixedMeter = false,
}: {
  choices: MeterChoice[];
  initialKey?: string | undefined;
  /** The contract's own form: the meter is shown, not chosen. */
  fixedMeter?: boolean;
}) {
  const navigate = useNavigate();
  const mutation = useCreateReading();
  const today = todayInGermany();
  const first =
    choices.find((choice) => meterKey(choice) === initialKey) ??
    (fixedMeter ? choices[0] : undefined);
  const { register, control, handleSubmit, setError, clearErrors, setValue, setFocus, formState } =
    useForm<ReadingValues>({
      defaultValues: {
        zaehler: first ? meterKey(first) : '',
        ablesedatum: today,
        werte: first ? first.meter.kanaele.map(() => '') : [],
      },
    });
  const values = useWatch({ control });
  const choice = choices.find((entry) => meterKey(entry) === values.zaehler);
  const kanaele = choice?.meter.kanaele ?? [];
  const werte = kanaele.map((_, index) => values.werte?.[index] ?? '');
  const ablesedatum = values.ablesedatum ?? '';

  const [photo, setPhoto] = useState<PreparedFile | null>(null);
  const [photoProblem, setPhotoProblem] = useState(false);
  const [photoServerError, setPhotoServerError] = useState<string>();
  const [warning, setWarning] = useState<Warning | null>(null);
  const [checking, setChecking] = useState(false);
  const onPhotoProblem = useCallback((problem: boolean) => setPhotoProblem(problem), []);

  const maxDay = choice?.lieferende && choice.lieferende < today ? choice.lieferende : today;
  const minDay = choice?.lieferbeginn ?? undefined;
  const input: CreateReadingInput | null = choice
    ? {
        ablesedatum,
        zaehlernummer: choice.meter.nummer,
        ablesewerte: Object.fromEntries(
          kanaele.map((kanal, index) => [
            kanal.obiskennzahl,
            parseReadingValue(werte[index] ?? ''),
          ]),
        ),
        ...(photo && { foto: photo.base64 }),
      }
    : null;
  const key =
    input && choice ? JSON.stringify([choice.contractId, { ...input, foto: photo?.name }]) : '';
  const shownWarning = warning?.key === key ? warning.plausibility : null;

  const canSubmit =
    canSubmitReading({
      meter: choice?.meter,
      werte: Object.fromEntries(kanaele.map((kanal, index) => [kanal.obiskennzahl, werte[index]])),
      ablesedatum,
      today: maxDay,
    }) &&
    (!minDay || ablesedatum >= minDay) &&
    !photoProblem &&
    !mutation.isPending &&
    !checking;

  const refusal = mutation.error;
  /** A refusal is answered by changing what it concerns: then it no longer applies. */
  const corrected = (field: 'zaehler' | 'ablesedatum' | `werte.${number}` | 'foto') => {
    if (field === 'foto') setPhotoServerError(undefined);
    else clearErrors(field);
    if (!(refusal instanceof ApiError) || refusal.status !== 400) return;
    const fields = Object.keys(refusal.felder);
    const serverField =
      field === 'zaehler'
        ? 'zaehlernummer'
        : field.startsWith('werte.')
          ? `ablesewerte.${kanaele[Number(field.slice(6))]?.obiskennzahl}`
          : field;
    if (fields.length === 0 || fields.includes(serverField)) mutation.reset();
  };

  const send = async (confirmed: boolean) => {
    if (!choice || !input) return;
    if (!confirmed) {
      setChecking(true);
      try {
        const plausibility = await checkPlausibility(choice.contractId, input);
        if (!plausibility.plausibel) {
          setWarning({ key, plausibility });
          return;
        }
      } catch {
        // The check only warns; without its answer the reading still goes to the server's rules.
      } finally {
        setChecking(false);
      }
    }
    setWarning(null);
    try {
      await mutation.mutateAsync({ contractId: choice.contractId, input });
      await navigate({
        to: '/vertrag/$id/ablesungen',
        params: { id: choice.contractId },
        state: { ablesungGespeichert: true },
      });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) return;
      for (const [field, message] of Object.entries(error.felder)) {
        if (field === 'ablesedatum') setError('ablesedatum', { message });
        else if (field === 'zaehlernummer') setError('zaehler', { message });
        else if (field === 'foto') setPhotoServerError(message);
        else if (field.startsWith('ablesewerte.')) {
          const index = kanaele.findIndex((kanal) => `ablesewerte.${kanal.obiskennzahl}` === field);
          if (index >= 0) setError(`werte.${index}`, { message });
        }
      }
    }
  };

  const onSubmit = handleSubmit(() => send(false));
  const dateError = formState.errors.ablesedatum?.message;

  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {refusal && (
        <Alert tone="error" takeFocus>
          {errorMessage(refusal, READING_FAILED_MESSAGE)}
        </Alert>
      )}

      {fixedMeter ? (
        choice && (
          <p>
            Zähler <strong>{choice.meter.nummer}</strong>
          </p>
        )
      ) : (
        <MeterSelect
          options={choices.map((entry) => ({ key: meterKey(entry), ...entry }))}
          error={formState.errors.zaehler?.message}
          registration={register('zaehler', {
            onChange: (event: { target: { value: string } }) => {
              corrected('zaehler');
              const next = choices.find((entry) => meterKey(entry) === event.target.value);
              setValue('werte', next ? next.meter.kanaele.map(() => '') : []);
            },
          })}
        />
      )}

      <Controller
        control={control}
        name="ablesedatum"
        render={({ field }) => (
          <DatePicker
            label="Ablesedatum"
            value={field.value}
            onChange={(day) => {
              corrected('ablesedatum');
              field.onChange(day);
            }}
            min={minDay}
            max={maxDay}
            feedback={dateError ? invalid(dateError) : undefined}
          />
        )}
      />

      {kanaele.map((kanal, index) => (
        <ChannelInput
          key={`${values.zaehler}-${kanal.obiskennzahl}`}
          kanal={kanal}
          several={kanaele.length > 1}
          value={werte[index] ?? ''}
          serverError={formState.errors.werte?.[index]?.message}
          registration={register(`werte.${index}`, {
            // A decimal point typed on a number pad becomes the German comma.
            setValueAs: (text: string) => text.replace('.', ','),
            onChange: () => corrected(`werte.${index}`),
          })}
        />
      ))}

      <FileInput
        label="Foto des Zählers (optional)"
        chooseLabel="Foto auswählen"
        captureLabel="Foto aufnehmen"
        accept="image/png,image/jpeg"
        hint="PNG oder JPEG. Große Fotos werden vor dem Senden verkleinert."
        value={photo}
        onChange={(file) => {
          corrected('foto');
          setPhoto(file);
        }}
        prepare={preparePhoto}
        error={photoServerError}
        onProblem={onPhotoProblem}
      />

      {shownWarning && (
        <PlausibilityWarning
          plausibility={shownWarning}
          severalChannels={kanaele.length > 1}
          onCorrect={() => {
            const index = kanaele.findIndex(
              (kanal) => kanal.obiskennzahl === shownWarning.hinweise[0]?.obiskennzahl,
            );
            setWarning(null);
            setFocus(`werte.${Math.max(index, 0)}`);
          }}
          onConfirm={() => void send(true)}
          busy={mutation.isPending}
        />
      )}

      <div className="form-actions">
        <button
          type="button"
          className="button button-secondary"
          // Opened from the QR code of a reading letter there is no page to go back to.
          onClick={() =>
            window.history.length > 1 ? window.history.back() : void navigate({ to: '/' })
          }
        >
          Abbrechen
        </button>
        <button type="submit" className="button" disabled={!canSubmit}>
          Ablesung übermitteln
        </button>
      </div>
    </form>
  );
}
