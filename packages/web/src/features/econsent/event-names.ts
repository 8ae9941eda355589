import { useTranslation } from 'react-i18next';
import { useStudyAbilities } from '../../app/abilities';
import { displayText } from '../processes/localized';
import { useConsentEvents } from './api';

/**
 * The names of the study's e-consent events by data event id (process and event name), for
 * callers who may read the processes; others see the id (the process list is a supporting query).
 */
export function useConsentEventNames(studyId: string): (dataEventId: string) => string {
  const { i18n } = useTranslation();
  const abilities = useStudyAbilities(studyId);
  const { events } = useConsentEvents(studyId, {
    enabled: abilities.can('PATHWAY_LIST') && abilities.can('PATHWAY_VIEW'),
    secondary: true,
  });
  const names = new Map(
    events.map(({ event, pathwayName }) => [
      event.id,
      `${pathwayName} · ${displayText(event.name, i18n.language, i18n.language) || event.id}`,
    ]),
  );
  return (dataEventId) => names.get(dataEventId) ?? dataEventId;
}
