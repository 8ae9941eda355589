import {
  IconAlertTriangle,
  IconArrowsShuffle,
  IconCalendarEvent,
  IconDeviceMobile,
  IconDoorExit,
  IconExternalLink,
  IconFileCertificate,
  IconInfoCircle,
  IconStethoscope,
  IconUser,
} from '@tabler/icons-react';
import type { DataEventType } from '@trialbase/domain';

type IconComponent = typeof IconUser;

/** Spec 001 §2: each data event type has its own icon and colour in the list and the timeline. */
export const EVENT_TYPE_LOOK: Record<DataEventType, { icon: IconComponent; color: string }> = {
  TYPE_PATIENT: { icon: IconUser, color: 'blue' },
  TYPE_USER: { icon: IconStethoscope, color: 'teal' },
  TYPE_INFORMATION: { icon: IconInfoCircle, color: 'gray' },
  TYPE_UNEXPECTED: { icon: IconCalendarEvent, color: 'orange' },
  TYPE_DISCONTINUED: { icon: IconDoorExit, color: 'red' },
  TYPE_EXTERNAL: { icon: IconExternalLink, color: 'cyan' },
  TYPE_RANDOMIZATION: { icon: IconArrowsShuffle, color: 'grape' },
  TYPE_ADVERSE: { icon: IconAlertTriangle, color: 'red' },
  TYPE_APP_INVITATION: { icon: IconDeviceMobile, color: 'indigo' },
  TYPE_ECONSENT: { icon: IconFileCertificate, color: 'violet' },
};

/** The event types the editor offers as add buttons (unscheduled events are process settings instead). */
export const ADDABLE_EVENT_TYPES = [
  'TYPE_PATIENT',
  'TYPE_USER',
  'TYPE_INFORMATION',
  'TYPE_RANDOMIZATION',
  'TYPE_ADVERSE',
  'TYPE_APP_INVITATION',
  'TYPE_ECONSENT',
] as const satisfies readonly DataEventType[];

/** Event types a subject receives (texts, send-out, reminders, one-time password, footer links). */
const SUBJECT_FACING: readonly DataEventType[] = [
  'TYPE_PATIENT',
  'TYPE_INFORMATION',
  'TYPE_APP_INVITATION',
  'TYPE_ECONSENT',
];

export function isSubjectFacing(type: DataEventType): boolean {
  return SUBJECT_FACING.includes(type);
}

/** Event types that carry forms. */
const WITHOUT_FORMS: readonly DataEventType[] = ['TYPE_INFORMATION', 'TYPE_APP_INVITATION', 'TYPE_ECONSENT'];

export function hasForms(type: DataEventType): boolean {
  return !WITHOUT_FORMS.includes(type);
}

type EventIconProps = { type: DataEventType; size?: number };

export function EventIcon({ type, size = 16 }: EventIconProps) {
  const Icon = EVENT_TYPE_LOOK[type].icon;
  return <Icon size={size} aria-hidden />;
}
