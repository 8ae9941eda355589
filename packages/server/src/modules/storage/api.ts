/**
 * What the storage module offers the other modules (issue 23 item 5). A module that keeps its own
 * removal route (the AE module's DELETE /study/{id}/ae/{aeId}) calls `removeItem` inside its use case
 * so the item is in the storage list with who, when and why, and can be restored.
 */
export { listStorage, removeItem, restoreItem } from './service/storage';
