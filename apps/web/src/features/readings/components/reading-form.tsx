import { useCallback, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import {
  readingDateBounds,
  readingFormSchema,
  READING_FAILED_MESSAGE,
  type CreateReadingInput,
  type Meter,
  type Plausibility,
  type ReadingFormValues,
} from '@kundenportal/contract';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/apply-server-errors';
import { preparePhoto, type PreparedFile } from '../../../lib/photo';
import { todayInGermany } from '../../../lib/today';
import { Alert } from '../../../ui/alert';
import { DateField } from '../../../ui/date-field';
import { FileInput } from '../../../ui/file-input';
import { FormActions } from '../../../ui/form-actions';
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

const emptyValues = (choice: MeterChoice | undefined) => choice?.meter.kanaele.map(() => '') ?? [];

/**
 * The server names a channel's value by its code (`ablesewerte.1-1:1.8.1`), the form by its
 * place (`ablesewerte.0`): the one map between them, for refusals.
 */
const serverNamesOf = (choice: MeterChoice | undefined): Record<string, `ablesewerte.${number}`> =>
  Object.fromEntries(
    (choice?.meter.kanaele ?? []).map((kanal, index) => [
      `ablesewerte.${kanal.obiskennzahl}`,
      `ablesewerte.${index}` as const,
    ]),
  );

/**
 * Spec §2.4 and §5: meter, reading date (today at most), one value per channel, an optional
 * photo, checked by the contract's readingFormSchema for the chosen meter. Before sending, the
 * server's plausibility check; an unusual value can be corrected or confirmed. A refusal keeps
 * every input and shows at the field it concerns.
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
  const [key, setKey] = useState(first ? meterKey(first) : '');
  const choice = choices.find((entry) => meterKey(entry) === key);
  // The resolver checks with the meter chosen last, also in the change that chooses it.
  const chosen = useRef(choice);
  const resolver = useMemo<Resolver<ReadingFormValues, unknown, CreateReadingInput>>(
    () => (values, context, options) =>
      zodResolver(readingFormSchema(today, chosen.current))(values, context, options),
    [today],
  );
  const form = useForm<ReadingFormValues, unknown, CreateReadingInput>({
    resolver,
    defaultValues: {
      zaehlernummer: first?.meter.nummer ?? '',
      ablesedatum: today,
      ablesewerte: emptyValues(first),
      foto: undefined,
    },
    mode: 'onChange',
  });
  const { register, control, handleSubmit, setValue, setFocus, formState } = form;
  const [ablesedatum, ablesewerte] = useWatch({ control, name: ['ablesedatum', 'ablesewerte'] });
  const kanaele = choice?.meter.kanaele ?? [];
  const serverNames = serverNamesOf(choice);
  const bounds = choice ? readingDateBounds({ today, ...choice }) : { min: undefined, max: today };

  const [photo, setPhoto] = useState<PreparedFile | null>(null);
  const [photoProblem, setPhotoProblem] = useState(false);
  const onPhotoProblem = useCallback((problem: boolean) => setPhotoProblem(problem), []);
  const [warning, setWarning] = useState<{ key: string; plausibility: Plausibility } | null>(null);
  const [checking, setChecking] = useState(false);
  // The proposal the server's warning is about: any change makes it a new one.
  const proposal = JSON.stringify([key, ablesedatum, ablesewerte, photo?.name]);
  const shownWarning = warning?.key === proposal ? warning.plausibility : null;

  const refusal = mutation.error;
  /** A refusal is answered by changing what it concerns: then it no longer applies. */
  const corrected = (field: string) => {
    if (!(refusal instanceof ApiError) || refusal.status !== 400) return;
    const fields = Object.keys(refusal.felder).map((name) => serverNames[name] ?? name);
    if (fields.length === 0 || fields.includes(field)) mutation.reset();
  };

  const send = async (input: CreateReadingInput, confirmed: boolean) => {
    if (!choice) return;
    if (!confirmed) {
      setChecking(true);
      try {
        const plausibility = await checkPlausibility(choice.contractId, input);
        if (!plausibility.plausibel) {
          setWarning({ key: proposal, plausibility });
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
      applyServerErrors(form, error, serverNames);
    }
  };
  const onSubmit = handleSubmit((input) => send(input, false));
  const onConfirm = handleSubmit((input) => send(input, true));

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
        <Controller
          control={control}
          name="zaehlernummer"
          render={({ field, fieldState }) => (
            <MeterSelect
              options={choices.map((entry) => ({ key: meterKey(entry), ...entry }))}
              value={key}
              ref={field.ref}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              onChange={(next) => {
                const entry = choices.find((candidate) => meterKey(candidate) === next);
                corrected('zaehlernummer');
                chosen.current = entry;
                setKey(next);
                setValue('ablesewerte', emptyValues(entry));
                field.onChange(entry?.meter.nummer ?? '');
              }}
            />
          )}
        />
      )}

      <Controller
        control={control}
        name="ablesedatum"
        render={({ field, fieldState }) => (
          <DateField
            label="Ablesedatum"
            {...field}
            onChange={(day) => {
              corrected('ablesedatum');
              field.onChange(day);
            }}
            min={bounds.min}
            max={bounds.max}
            error={fieldState.error?.message}
          />
        )}
      />

      {kanaele.map((kanal, index) => (
        <ChannelInput
          key={`${key}-${kanal.obiskennzahl}`}
          kanal={kanal}
          several={kanaele.length > 1}
          error={formState.errors.ablesewerte?.[index]?.message}
          registration={register(`ablesewerte.${index}`, {
            onChange: () => corrected(`ablesewerte.${index}`),
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
          setValue('foto', file?.base64, { shouldValidate: true });
        }}
        prepare={preparePhoto}
        error={formState.errors.foto?.message}
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
            setFocus(`ablesewerte.${Math.max(index, 0)}`);
          }}
          onConfirm={() => void onConfirm()}
          busy={mutation.isPending}
        />
      )}

      <FormActions
        submitLabel="Ablesung übermitteln"
        disabled={!formState.isValid || photoProblem}
        pending={mutation.isPending || checking}
        // Opened from the QR code of a reading letter there is no page to go back to.
        onCancel={() =>
          window.history.length > 1 ? window.history.back() : void navigate({ to: '/' })
        }
      />
    </form>
  );
}
