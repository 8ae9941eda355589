/**
 * Spec 001 §3 API user: the settings kept in the study's settings document under `apiUser`
 * (viewIdentifiable; dataFeed, issue 26 item 4: may the key read the incremental feed). Both are
 * off when absent or not a boolean; dataWrite, issue 28 item 2: may the key write data.
 */
export function apiUserSettingsOf(settings: Record<string, unknown>): {
  viewIdentifiable: boolean;
  dataFeed: boolean;
  dataWrite: boolean;
} {
  const apiUser = settings.apiUser;
  if (typeof apiUser !== 'object' || apiUser === null)
    return { viewIdentifiable: false, dataFeed: false, dataWrite: false };
  const record = apiUser as Record<string, unknown>;
  return {
    viewIdentifiable: record.viewIdentifiable === true,
    dataFeed: record.dataFeed === true,
    dataWrite: record.dataWrite === true,
  };
}
