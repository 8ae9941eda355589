import type { DataEvent, DataEventExpiry, DataEventReminder } from '@trialbase/domain';
import type { TFunction } from 'i18next';

/**
 * "7 days and 3 hours" in the UI language. Intl gives the plural forms of every language
 * (Arabic has six), which message files with one string per key cannot.
 */
export function durationText(language: string, days: number, hours: number): string {
  const unit = (value: number, name: 'day' | 'hour') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const parts = [days > 0 ? unit(days, 'day') : null, hours > 0 ? unit(hours, 'hour') : null].filter(
    (p): p is string => p !== null,
  );
  if (parts.length === 0) return unit(0, 'day');
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(parts);
}

/** Spec 000 §3 activation in words: reference date plus offset ("7 days after the previous event is completed"). */
export function timingText(t: TFunction, language: string, event: DataEvent): string {
  const { referenceDate, offsetDays, offsetHours } = event;
  if (referenceDate === 'MANUAL' || referenceDate === 'REQUEST') {
    return t(`PROCESSES.TIMING.${referenceDate}`);
  }
  if (offsetDays + offsetHours === 0) return t(`PROCESSES.TIMING.${referenceDate}_AT`);
  return t(`PROCESSES.TIMING.${referenceDate}_AFTER`, {
    duration: durationText(language, offsetDays, offsetHours),
  });
}

/** Spec 000 §3 expiry in words. */
export function expiryText(t: TFunction, language: string, expiry: DataEventExpiry): string {
  if (expiry.type === 'EXPIRE_AFTER_ACTIVATION') {
    return t('PROCESSES.EXPIRY_TEXT.EXPIRE_AFTER_ACTIVATION', {
      duration: durationText(language, expiry.days, expiry.hours),
    });
  }
  return t(`PROCESSES.EXPIRY_TEXT.${expiry.type}`);
}

/** Spec 000 §3 reminder in words. */
export function reminderText(t: TFunction, language: string, reminder: DataEventReminder): string {
  return t(`PROCESSES.REMINDER_TEXT.${reminder.kind}`, {
    duration: durationText(language, reminder.days, reminder.hours),
  });
}
