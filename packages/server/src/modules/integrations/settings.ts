/**
 * Spec 001 §3 API user: the settings kept in the study's settings document under `apiUser`
 * (viewIdentifiable; dataFeed, issue 26 item 4: may the key read the incremental feed). Both are
 * off when absent or not a boolean.
 */
export function apiUserSettingsOf(settings: Record<string, unknown>): {
  viewIdentifiable: boolean;
  dataFeed: boolean;
} {
  const apiUser = settings.apiUser;
  if (typeof apiUser !== 'object' || apiUser === null) return { viewIdentifiable: false, dataFeed: false };
  const record = apiUser as Record<string, unknown>;
  return { viewIdentifiable: record.viewIdentifiable === true, dataFeed: record.dataFeed === true };
}
