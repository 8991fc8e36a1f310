import {
  PASSWORD_STRENGTH_LABELS,
  PASSWORD_STRENGTH_PERCENT,
  passwordStrength,
  showsPasswordStrength,
} from '@kundenportal/contract';

/** Appears once the new password has PASSWORD_MIN_LENGTH characters (spec §2.3). */
export function PasswordStrengthMeter({ password }: { password: string }) {
  if (!showsPasswordStrength(password)) return null;
  const strength = passwordStrength(password);
  const percent = PASSWORD_STRENGTH_PERCENT[strength];
  const label = PASSWORD_STRENGTH_LABELS[strength];
  return (
    <div className="strength">
      <div
        className={`strength-bar strength-${strength}`}
        role="meter"
        aria-label="Passwortstärke"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <p className="strength-label">Passwortstärke: {label}</p>
    </div>
  );
}
