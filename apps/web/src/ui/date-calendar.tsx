// Each function and the one locale from its own file, never a barrel: Node 24 reads a package's
// package.json again for every module it loads (date-fns's is 200 kB), and the barrels are a
// thousand modules. Opening the calendar in the web's tests took 20 s on Node 24 (4 s on
// Node 20) with them. The browser's chunk is as large either way (95 kB).
import { format } from 'date-fns/format';
import { parse } from 'date-fns/parse';
import { DayPicker, type Matcher } from 'react-day-picker';
import { de } from 'react-day-picker/locale/de';
import 'react-day-picker/style.css';

const parseDay = (day: string) => parse(day, 'yyyy-MM-dd', new Date());
const formatDay = (date: Date) => format(date, 'yyyy-MM-dd');

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
  const selected = value ? parseDay(value) : undefined;
  const disabled: Matcher[] = [
    ...(min ? [{ before: parseDay(min) }] : []),
    ...(max ? [{ after: parseDay(max) }] : []),
  ];
  return (
    <DayPicker
      mode="single"
      locale={de}
      weekStartsOn={1}
      selected={selected}
      defaultMonth={selected ?? (min ? parseDay(min) : undefined)}
      disabled={disabled}
      autoFocus
      onSelect={(day) => onSelect(day && formatDay(day))}
    />
  );
}
