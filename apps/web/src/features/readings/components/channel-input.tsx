import type { UseFormRegisterReturn } from 'react-hook-form';
import { readingPlaceholder, readingValueMessage, type Channel } from '@kundenportal/contract';
import { TextField } from '../../../ui/text-field';

/**
 * One channel's value (spec §5): a number pad on phones, placeholder zeros, the digit rule as
 * description; the channel code in the label only when the meter has several.
 */
export function ChannelInput({
  kanal,
  several,
  error,
  registration,
}: {
  kanal: Channel;
  several: boolean;
  /** The contract's rule (readingValueSchema) or the server's refusal. */
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const description = readingValueMessage(kanal.vorkommastellen, kanal.nachkommastellen);
  return (
    <TextField
      label={several ? `Zählerstand ${kanal.obiskennzahl}` : 'Zählerstand'}
      inputMode="decimal"
      autoComplete="off"
      placeholder={readingPlaceholder(kanal)}
      // The rule's description is its message: shown once, in red when broken.
      hint={error === description ? undefined : description}
      error={error}
      {...registration}
    />
  );
}
