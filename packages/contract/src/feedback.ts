/** Feedback of the validation rules, without zod: the login form checks with them. */
export const FeedbackTypes = ['valid', 'invalid', 'undefined'] as const;

/** The result of one validation rule, shown under its field. */
export interface Feedback {
  typ: (typeof FeedbackTypes)[number];
  nachricht?: string;
}

export const VALID: Feedback = { typ: 'valid' };
export const NO_FEEDBACK: Feedback = { typ: 'undefined' };
export const invalid = (nachricht: string): Feedback => ({ typ: 'invalid', nachricht });
