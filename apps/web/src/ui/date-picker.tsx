import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { format, parse } from 'date-fns';
import { DayPicker, type Matcher } from 'react-day-picker';
import { de } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import type { Feedback } from '@kundenportal/contract';
import { CalendarIcon } from './icons';
import { describedBy, FieldMessages } from './field-messages';

const parseDay = (day: string) => parse(day, 'yyyy-MM-dd', new Date());
const formatDay = (date: Date) => format(date, 'yyyy-MM-dd');

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
  const selected = value ? parseDay(value) : undefined;
  const invalid = feedback?.typ === 'invalid';
  const disabled: Matcher[] = [
    ...(min ? [{ before: parseDay(min) }] : []),
    ...(max ? [{ after: parseDay(max) }] : []),
  ];
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
      >
        <span id={`${id}-value`}>
          {selected ? format(selected, 'd. MMMM yyyy', { locale: de }) : 'Datum wählen'}
        </span>
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
          <DayPicker
            mode="single"
            locale={de}
            weekStartsOn={1}
            selected={selected}
            defaultMonth={selected ?? (min ? parseDay(min) : undefined)}
            disabled={disabled}
            autoFocus
            onSelect={(day) => {
              if (day) onChange(formatDay(day));
              close();
            }}
          />
        </div>
      )}
      <FieldMessages id={id} hint={hint} feedback={feedback} />
    </div>
  );
}
