import type { UseFormRegisterReturn } from 'react-hook-form';
import {
  formatDate,
  formatMeterReading,
  meterChannelName,
  readingPlaceholder,
  readingValueMessage,
  type Channel,
} from '@kundenportal/contract';
import { TextField } from '../../../ui/text-field';
import '../readings.css';

/** The meter's latest reading of this channel, shown beside the field. */
export interface LastValue {
  ablesedatum: string;
  wert: number;
}

/**
 * One channel's value (spec §5): a number pad on phones, placeholder zeros, the unit beside the
 * input, the last reading and the digit rule as description. With several channels the label
 * names the register as the meter's display does ("Hochtarif (HT)"), its code small beside it.
 */
export function ChannelInput({
  kanal,
  several,
  last,
  error,
  registration,
}: {
  kanal: Channel;
  several: boolean;
  last: LastValue | undefined;
  /** The contract's rule (readingValueSchema) or the server's refusal. */
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const { name, einheit } = meterChannelName(kanal.obiskennzahl);
  const rule = readingValueMessage(kanal.vorkommastellen, kanal.nachkommastellen);
  const lastText =
    last &&
    `Letzter Stand: ${formatMeterReading(kanal.obiskennzahl, last.wert, kanal.nachkommastellen)} am ${formatDate(last.ablesedatum)}`;
  // The rule's description is its message: shown once, in red when broken.
  const ruleHint = error === rule ? undefined : rule;
  const hint =
    lastText || ruleHint ? (
      <>
        {lastText && <span className="channel-last">{lastText}</span>}
        {lastText && ruleHint && ' '}
        {ruleHint}
      </>
    ) : undefined;
  return (
    <TextField
      label={
        several ? (
          <>
            {name} <span className="channel-code">{kanal.obiskennzahl}</span>
          </>
        ) : (
          'Zählerstand'
        )
      }
      suffix={einheit}
      inputMode="decimal"
      autoComplete="off"
      placeholder={readingPlaceholder(kanal)}
      hint={hint}
      error={error}
      {...registration}
    />
  );
}
