import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import {
  CONTACT_REQUEST_LABELS,
  CONTACT_SUBJECT_LABELS,
  CONTACT_TEXT_MAX_LENGTH,
  ContactRequestInputSchema,
  type ContactRequestInput,
  ContactSubjects,
  contactTextCount,
  Messages,
  Paths,
  showsOnceMoreThanOneCharacter,
} from '@kundenportal/contract';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors, shownError } from '../../../lib/apply-server-errors';
import { useFormGaps } from '../../../lib/missing-fields';
import { Alert } from '../../../ui/alert';
import { describedBy, FieldMessages } from '../../../ui/field-messages';
import { FormActions } from '../../../ui/form-actions';
import { labelledOptions, SelectField } from '../../../ui/select-field';
import { useSendContactRequest } from '../api/send-contact-request';

/**
 * Spec §5: a subject from the fixed list and a text of at least 20 characters. The model of
 * every form (CONTRIBUTING.md): the contract's schema validates, its display timing decides
 * when a message shows, the server's field messages land on the fields.
 */
export function ContactRequestForm() {
  const id = useId();
  const navigate = useNavigate();
  const mutation = useSendContactRequest();
  const form = useForm({
    resolver: zodResolver(ContactRequestInputSchema),
    mode: 'onChange',
    defaultValues: { text: '' },
  });
  const { register, control, handleSubmit, formState } = form;
  const text = useWatch({ control, name: 'text' }) ?? '';
  // Spec §5: both hints wait until the text has more than one character.
  const shows = showsOnceMoreThanOneCharacter(text);
  const subjectError = shownError(formState.errors.betreff, shows);
  const textError = shownError(formState.errors.text, shows);
  const gaps = useFormGaps(control, ContactRequestInputSchema, CONTACT_REQUEST_LABELS);
  const [failure, setFailure] = useState<string>();
  // Two clicks in one task (a fast double tap) both pass the check before any render.
  const sending = useRef(false);

  const submit = async (input: ContactRequestInput) => {
    if (sending.current) return;
    sending.current = true;
    setFailure(undefined);
    try {
      const { anfrageNr } = await mutation.mutateAsync(input);
      await navigate({ to: Paths.contactRequestDone, search: { anfrage: anfrageNr } });
    } catch (error) {
      // Spec §8.4: a refused field shows at the field; anything else above the form.
      if (!applyServerErrors(form, error)) setFailure(errorMessage(error, Messages.unknownError));
    } finally {
      sending.current = false;
    }
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      {failure && (
        <Alert tone="error" takeFocus>
          {failure}
        </Alert>
      )}
      <SelectField
        label={CONTACT_REQUEST_LABELS.betreff}
        placeholder="Bitte wählen"
        options={labelledOptions(ContactSubjects, CONTACT_SUBJECT_LABELS)}
        error={subjectError}
        {...register('betreff')}
      />
      <div className={`field${textError ? ' field-invalid' : ''}`}>
        <label htmlFor={`${id}-text`}>{CONTACT_REQUEST_LABELS.text}</label>
        <textarea
          id={`${id}-text`}
          rows={8}
          maxLength={CONTACT_TEXT_MAX_LENGTH}
          aria-invalid={textError ? true : undefined}
          aria-describedby={describedBy(`${id}-text`, 'hint', textError)}
          {...register('text', { deps: 'betreff' })}
        />
        <FieldMessages id={`${id}-text`} hint={contactTextCount(text)} error={textError} />
      </div>
      <FormActions
        submitLabel="Senden"
        disabled={!formState.isValid}
        empty={gaps.empty}
        missing={gaps.missing}
        // From the click on, not only once the call is made: a double click sends one request.
        pending={formState.isSubmitting || mutation.isPending}
        onCancel={() => window.history.back()}
      />
    </form>
  );
}
