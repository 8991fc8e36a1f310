import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type Ref,
} from 'react';
import { formatLongDate, type Feedback } from '@kundenportal/contract';
import { CalendarIcon } from './icons';
import { describedBy, FieldMessages } from './field-messages';

const loadCalendar = () => import('./date-calendar');
const DateCalendar = lazy(loadCalendar);

interface DatePickerProps {
  label: string;
  /** YYYY-MM-DD, or empty. */
  value: string;
  onChange: (day: string) => void;
  min?: string | undefined;
  max?: string | undefined;
  feedback?: Feedback | undefined;
  hint?: string | undefined;
  /** react-hook-form's Controller: the field's name, blur and ref (focus on a refused save). */
  name?: string | undefined;
  onBlur?: (() => void) | undefined;
  ref?: Ref<HTMLButtonElement> | undefined;
}

/** The German date picker (spec §1): day, month name and year; a calendar in a dialog. */
export function DatePicker({
  label,
  value,
  onChange,
  min,
  max,
  feedback,
  hint,
  name,
  onBlur,
  ref,
}: DatePickerProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useImperativeHandle(ref, () => button.current as HTMLButtonElement, []);
  const invalid = feedback?.typ === 'invalid';
  const popover = useRef<HTMLDivElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
    onBlur?.();
  };

  // A click or tap outside closes the calendar; the focus stays where the customer put it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popover.current?.contains(target) && !button.current?.contains(target)) {
        setOpen(false);
        onBlur?.();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, onBlur]);

  return (
    <div className={`field${invalid ? ' field-invalid' : ''}`}>
      <span id={`${id}-label`} className="field-label">
        {label}
      </span>
      <button
        ref={button}
        type="button"
        name={name}
        className="date-button"
        aria-labelledby={`${id}-label ${id}-value`}
        aria-describedby={describedBy(id, hint, feedback)}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((isOpen) => !isOpen)}
        // The calendar's code is fetched as the pointer or the focus comes near.
        onPointerEnter={() => void loadCalendar()}
        onFocus={() => void loadCalendar()}
      >
        <span id={`${id}-value`}>{value ? formatLongDate(value) : 'Datum wählen'}</span>
        <CalendarIcon />
      </button>
      {open && (
        <div
          ref={popover}
          role="dialog"
          aria-label={`Kalender: ${label}`}
          className="date-popover"
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <Suspense fallback={<p role="status">Kalender wird geladen …</p>}>
            <DateCalendar
              value={value}
              min={min}
              max={max}
              onSelect={(day) => {
                if (day) onChange(day);
                close();
              }}
            />
          </Suspense>
        </div>
      )}
      <FieldMessages id={id} hint={hint} feedback={feedback} />
    </div>
  );
}
