import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from '@tanstack/react-router';
import {
  CONTACT_SUBJECT_LABELS,
  CONTACT_TEXT_MAX_LENGTH,
  contactRequestFeedback,
  ContactSubjects,
  invalid,
  Messages,
  Paths,
  type ContactSubject,
} from '@kundenportal/contract';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { Alert } from '../../../ui/alert';
import { describedBy, FieldMessages } from '../../../ui/field-messages';
import { useSendContactRequest } from '../api/send-contact-request';

interface RequestValues {
  betreff: ContactSubject | '';
  text: string;
}

/** Spec §5: a subject from the fixed list and a text of at least 20 characters. */
export function ContactRequestForm() {
  const id = useId();
  const navigate = useNavigate();
  const mutation = useSendContactRequest();
  const { register, control, handleSubmit, setError, clearErrors, formState } =
    useForm<RequestValues>({ defaultValues: { betreff: '', text: '' } });
  const { betreff = '', text = '' } = useWatch({ control });
  const rules = contactRequestFeedback(betreff, text);
  const subjectFeedback = formState.errors.betreff?.message
    ? invalid(formState.errors.betreff.message)
    : rules.betreff;
  const textFeedback = formState.errors.text?.message
    ? invalid(formState.errors.text.message)
    : rules.text;

  const onSubmit = handleSubmit(async (values) => {
    if (values.betreff === '') return;
    try {
      await mutation.mutateAsync({ betreff: values.betreff, text: values.text });
      await navigate({ to: Paths.contactRequestDone });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400)
        for (const [field, message] of Object.entries(error.felder))
          if (field === 'betreff' || field === 'text') setError(field, { message });
    }
  });

  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {mutation.isError && (
        <Alert tone="error" takeFocus>
          {errorMessage(mutation.error, Messages.unknownError)}
        </Alert>
      )}
      {betreff === '' && text === '' && <Alert tone="info">{Messages.emptyForm}</Alert>}
      <div className={`field${subjectFeedback.typ === 'invalid' ? ' field-invalid' : ''}`}>
        <label htmlFor={`${id}-betreff`}>Betreff</label>
        <select
          id={`${id}-betreff`}
          aria-invalid={subjectFeedback.typ === 'invalid' || undefined}
          aria-describedby={describedBy(`${id}-betreff`, undefined, subjectFeedback)}
          {...register('betreff', { onChange: () => clearErrors('betreff') })}
        >
          <option value="">Bitte wählen</option>
          {ContactSubjects.map((subject) => (
            <option key={subject} value={subject}>
              {CONTACT_SUBJECT_LABELS[subject]}
            </option>
          ))}
        </select>
        <FieldMessages id={`${id}-betreff`} feedback={subjectFeedback} />
      </div>
      <div className={`field${textFeedback.typ === 'invalid' ? ' field-invalid' : ''}`}>
        <label htmlFor={`${id}-text`}>Ihre Nachricht</label>
        <textarea
          id={`${id}-text`}
          rows={8}
          maxLength={CONTACT_TEXT_MAX_LENGTH}
          aria-invalid={textFeedback.typ === 'invalid' || undefined}
          aria-describedby={describedBy(`${id}-text`, 'hint', textFeedback)}
          {...register('text', { onChange: () => clearErrors('text') })}
        />
        <FieldMessages
          id={`${id}-text`}
          hint={`${[...text].length} von ${CONTACT_TEXT_MAX_LENGTH} Zeichen, mindestens 20.`}
          feedback={textFeedback}
        />
      </div>
      <div className="form-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => window.history.back()}
        >
          Abbrechen
        </button>
        <button type="submit" className="button" disabled={!rules.canSend || mutation.isPending}>
          Senden
        </button>
      </div>
    </form>
  );
}
