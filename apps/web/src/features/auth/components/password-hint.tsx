import { PASSWORD_HINT, PASSWORD_RULE_AND_ADVICE } from '@kundenportal/contract';

/**
 * The new password's hint: first what the rule asks and what is advised, then the spec's text
 * on a strong password, which names only the advice.
 */
export function PasswordHint() {
  return (
    <>
      <span className="line">{PASSWORD_RULE_AND_ADVICE}</span>
      <span className="line">{PASSWORD_HINT}</span>
    </>
  );
}
