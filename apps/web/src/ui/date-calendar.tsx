// The one locale from its own file, never the barrel: Node 24 reads a package's package.json
// again for every module it loads, and the locales' barrel is hundreds of modules.
import { DayPicker, type Matcher } from 'react-day-picker';
import { de } from 'react-day-picker/locale/de';
import 'react-day-picker/style.css';
import { dayOfLocalDate, localDateOf } from '@kundenportal/contract';

interface DateCalendarProps {
  /** YYYY-MM-DD, or empty. */
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  /** The chosen day, YYYY-MM-DD; undefined when the customer chose the selected day again. */
  onSelect: (day: string | undefined) => void;
}

/**
 * The month calendar of the date picker, German, weeks from Monday. Its own file: the picker
 * loads it when a calendar is about to open, so that a form's first load carries no calendar
 * (the service worker keeps it for offline use like every other file of the app).
 */
export default function DateCalendar({ value, min, max, onSelect }: DateCalendarProps) {
  const selected = value ? localDateOf(value) : undefined;
  const disabled: Matcher[] = [
    ...(min ? [{ before: localDateOf(min) }] : []),
    ...(max ? [{ after: localDateOf(max) }] : []),
  ];
  return (
    <DayPicker
      mode="single"
      locale={de}
      weekStartsOn={1}
      selected={selected}
      defaultMonth={selected ?? (min ? localDateOf(min) : undefined)}
      disabled={disabled}
      autoFocus
      onSelect={(day) => onSelect(day && dayOfLocalDate(day))}
    />
  );
}
