import { useSyncExternalStore } from 'react';
import { currentParticipantLanguage, onParticipantLanguage } from './i18n';

/** The participant's study language (e.g. `da`, `ar`); re-renders when it changes. */
export function useParticipantLanguage(): string {
  return useSyncExternalStore(onParticipantLanguage, currentParticipantLanguage);
}
