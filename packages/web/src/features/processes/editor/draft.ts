import {
  type DataEvent,
  type DataEventType,
  type Process,
  type ProcessDetail,
  ProcessSchema,
  type ProcessWrite,
} from '@trialbase/domain';

/** Events added in this session carry a local id until the server gives them theirs. */
const NEW_EVENT_PREFIX = 'new-';

export function isNewEvent(event: Pick<DataEvent, 'id'>): boolean {
  return event.id.startsWith(NEW_EVENT_PREFIX);
}

/** The editable process of a stored one, or a blank one (spec 001 §3 defaults). */
export function toDraft(detail: ProcessDetail | undefined, isRecruitment: boolean): Process {
  if (detail) return ProcessSchema.parse(detail);
  return ProcessSchema.parse({ id: '', recruitment: isRecruitment });
}

let counter = 0;

/** A new data event of `type`, named in the edited language; subject-facing events expire never. */
export function newDataEvent(type: DataEventType, name: string, language: string): DataEvent {
  counter += 1;
  return {
    id: `${NEW_EVENT_PREFIX}${Date.now().toString(36)}-${counter}`,
    name: { [language]: name },
    type,
    forms: [],
    optionalForms: [],
    forceFormOrder: false,
    referenceDate: 'REGISTRATION',
    offsetDays: 0,
    offsetHours: 0,
    sendAs: 'NO_SEND_OUT',
    expiry: { type: 'EXPIRE_NEVER', days: 0, hours: 0 },
    reminders: [],
    otpAuthentication: 'NONE',
    footerLinks: [],
    consentFile: type === 'TYPE_ECONSENT' ? { fileName: '' } : undefined,
  };
}

/** The POST/PUT body: no process id, no local event ids (spec 001 §7, `ProcessWriteSchema`). */
export function toWriteBody(draft: Process): ProcessWrite {
  const { id: _id, ...rest } = draft;
  return {
    ...rest,
    dataEvents: draft.dataEvents.map((event) => {
      if (!isNewEvent(event)) return event;
      const { id: _local, ...fields } = event;
      return fields;
    }),
  };
}
