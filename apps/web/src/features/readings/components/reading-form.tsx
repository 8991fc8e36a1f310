import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import {
  readingDateBounds,
  READING_FAILED_MESSAGE,
  type CreateReadingInput,
  type ReadingFormValues,
} from '@kundenportal/contract';
import { ApiError, errorMessage, NO_ANSWER } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/apply-server-errors';
import type { PreparedFile } from '../../../lib/photo';
import { todayInGermany } from '../../../lib/today';
import { sessionStore } from '../../../session/session-store';
import { Alert } from '../../../ui/alert';
import { DateField } from '../../../ui/date-field';
import { FormActions } from '../../../ui/form-actions';
import { useCreateReading } from '../api/create-reading';
import { requestBackgroundSync } from '../outbox/background-sync';
import { formValuesOf, photoOf } from '../outbox/correction';
import { outboxChanged } from '../outbox/outbox-changes';
import { useWaitingReadings } from '../outbox/use-waiting-readings';
import {
  forgetWaitingReading,
  keepWaitingReading,
  waitingReadingOf,
  type WaitingReading,
} from '../outbox/waiting-readings';
import { ChannelFields } from './channel-fields';
import { emptyValues, meterKey, serverNamesOf, type MeterChoice } from './meter-choice';
import { MeterField } from './meter-field';
import { PhotoField } from './photo-field';
import { PlausibilityWarning } from './plausibility-warning';
import { readingMissing } from './reading-missing';
import { readingSchemaFor } from './reading-schema';
import { usePlausibility } from './use-plausibility';

const KEPT_MESSAGE =
  'Ihre Ablesung ist auf diesem Gerät gespeichert und wird gesendet, sobald eine Verbindung besteht.';

/**
 * Spec §2.4 and §5: meter, reading date (today at most), one value per channel, an optional
 * photo, checked by the contract's readingFormSchema for the chosen meter. Before sending, the
 * server's plausibility check; an unusual value can be corrected or confirmed with the same
 * submit. A refusal keeps every input and shows at the field it concerns. Without a connection
 * the reading is kept on the device and sent later, under the Idempotency-Key made
 * once for it here. Opened with a refused waiting reading (`correcting`), the form holds its
 * values and photo; once the corrected one is stored or kept, the refused one goes.
 */
export function ReadingForm({
  choices,
  initialKey,
  fixedMeter = false,
  correcting,
}: {
  choices: MeterChoice[];
  initialKey?: string | undefined;
  /** The contract's own form: the meter is shown, not chosen. */
  fixedMeter?: boolean;
  correcting?: WaitingReading | undefined;
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
      zodResolver(readingSchemaFor(today, chosen.current))(values, context, options),
    [today],
  );
  const form = useForm<ReadingFormValues, unknown, CreateReadingInput>({
    resolver,
    defaultValues: {
      zaehlernummer: first?.meter.nummer ?? '',
      ablesedatum: correcting?.ablesedatum ?? today,
      ablesewerte: correcting ? formValuesOf(correcting, first) : emptyValues(first),
      foto: undefined,
    },
    mode: 'onChange',
  });
  const { register, control, handleSubmit, setValue, setFocus, formState } = form;
  const values = useWatch({ control }) as ReadingFormValues;
  const kanaele = choice?.meter.kanaele ?? [];
  const serverNames = serverNamesOf(choice);
  const bounds = choice ? readingDateBounds({ today, ...choice }) : { min: undefined, max: today };

  const [photo, setPhoto] = useState<PreparedFile | null>(null);
  const [photoProblem, setPhotoProblem] = useState(false);
  const onPhotoProblem = useCallback((problem: boolean) => setPhotoProblem(problem), []);
  useEffect(() => {
    if (!correcting) return;
    void photoOf(correcting).then((kept) => {
      if (!kept) return;
      setPhoto(kept);
      setValue('foto', kept.base64, { shouldValidate: true });
    });
  }, [correcting, setValue]);
  /** The refused reading this one corrects goes once the correction is stored or kept. */
  const replaceCorrected = async () => {
    if (correcting) await forgetWaitingReading(correcting);
  };
  const plausibility = usePlausibility(
    JSON.stringify([key, values.ablesedatum, values.ablesewerte, photo?.name]),
  );

  /** The key of the reading this form kept; its note stays while it waits unrefused. */
  const [keptKey, setKeptKey] = useState<string>();
  const waiting = useWaitingReadings();
  const kept =
    keptKey !== undefined &&
    (waiting.data ?? []).some(
      (reading) => reading.schluessel === keptKey && reading.ablehnung === undefined,
    );
  /** The key of the reading last submitted: the same reading submitted again keeps it. */
  const [submitted, setSubmitted] = useState<{ proposal: string; schluessel: string }>();
  const keyFor = (contractId: number, input: CreateReadingInput) => {
    const proposal = JSON.stringify([contractId, input]);
    const next =
      submitted?.proposal === proposal ? submitted : { proposal, schluessel: crypto.randomUUID() };
    setSubmitted(next);
    return next.schluessel;
  };

  const keep = async (contractId: number, input: CreateReadingInput, schluessel: string) => {
    const kundennummer = sessionStore.get()?.kundennummer;
    if (!kundennummer || !choice) return;
    await keepWaitingReading(
      waitingReadingOf(input, {
        schluessel,
        kundennummer,
        contractId,
        nachkommastellen: Object.fromEntries(
          choice.meter.kanaele.map((kanal) => [kanal.obiskennzahl, kanal.nachkommastellen]),
        ),
        fotoTyp: photo?.type,
      }),
    );
    await replaceCorrected();
    outboxChanged();
    void requestBackgroundSync();
    mutation.reset();
    form.reset({
      zaehlernummer: choice.meter.nummer,
      ablesedatum: today,
      ablesewerte: emptyValues(choice),
      foto: undefined,
    });
    setPhoto(null);
    setKeptKey(schluessel);
  };

  const refusal = mutation.error;
  /** A refusal is answered by changing what it concerns: then it no longer applies. */
  const corrected = (field: string) => {
    if (!(refusal instanceof ApiError) || refusal.status !== 400) return;
    const fields = Object.keys(refusal.felder).map((name) => serverNames[name] ?? name);
    if (fields.length === 0 || fields.includes(field)) mutation.reset();
  };

  const onSubmit = handleSubmit(async (input) => {
    if (!choice) return;
    setKeptKey(undefined);
    const schluessel = keyFor(choice.contractId, input);
    if (!navigator.onLine) return keep(choice.contractId, input, schluessel);
    if (!(await plausibility.passes(choice.contractId, input))) return;
    try {
      await mutation.mutateAsync({ contractId: choice.contractId, input, schluessel });
      if (correcting) {
        await replaceCorrected();
        outboxChanged();
      }
      await navigate({
        to: '/vertrag/$id/ablesungen',
        params: { id: choice.contractId },
        state: { ablesungGespeichert: true },
      });
    } catch (error) {
      // No answer at all (not a refusal, not server trouble): the cellar without signal.
      if (error instanceof ApiError && error.status === NO_ANSWER)
        return keep(choice.contractId, input, schluessel);
      applyServerErrors(form, error, serverNames);
    }
  });

  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {kept && (
        <Alert tone="success" takeFocus>
          {KEPT_MESSAGE}
        </Alert>
      )}
      {correcting?.ablehnung !== undefined && !kept && !refusal && (
        <Alert tone="error">{`Nicht gespeichert: ${correcting.ablehnung}`}</Alert>
      )}
      {refusal && (
        <Alert tone="error" takeFocus>
          {errorMessage(refusal, READING_FAILED_MESSAGE)}
        </Alert>
      )}

      <MeterField
        control={control}
        choices={choices}
        chosen={choice}
        fixed={fixedMeter}
        onChoose={(entry) => {
          corrected('zaehlernummer');
          chosen.current = entry;
          setKey(entry ? meterKey(entry) : '');
          setValue('ablesewerte', emptyValues(entry));
        }}
      />

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

      <ChannelFields
        choice={choice}
        register={register}
        errors={formState.errors}
        onEdit={corrected}
      />

      <PhotoField
        value={photo}
        onChange={(file) => {
          corrected('foto');
          setPhoto(file);
          setValue('foto', file?.base64, { shouldValidate: true });
        }}
        error={formState.errors.foto?.message}
        onProblem={onPhotoProblem}
      />

      {plausibility.shown && (
        <PlausibilityWarning
          plausibility={plausibility.shown}
          severalChannels={kanaele.length > 1}
          onCorrect={() => {
            const index = kanaele.findIndex(
              (kanal) => kanal.obiskennzahl === plausibility.shown?.hinweise[0]?.obiskennzahl,
            );
            plausibility.dismiss();
            setFocus(`ablesewerte.${Math.max(index, 0)}`);
          }}
        />
      )}

      <FormActions
        submitLabel={
          plausibility.shown ? 'Zählerstand bestätigen und übermitteln' : 'Ablesung übermitteln'
        }
        disabled={!formState.isValid || photoProblem}
        // The photo's own rules show at its field; its megabytes need no second check per key.
        missing={readingMissing(today, choice, { ...values, foto: undefined }, photoProblem)}
        pending={mutation.isPending || plausibility.checking}
        // Opened from the QR code of a reading letter there is no page to go back to.
        onCancel={() =>
          window.history.length > 1 ? window.history.back() : void navigate({ to: '/' })
        }
      />
    </form>
  );
}
