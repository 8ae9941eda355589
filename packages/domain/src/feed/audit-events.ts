import type { AuditEventOf } from '../audit/events';

/**
 * Issue 26 item 4: a page of the incremental feed that carried changes left the system; recorded
 * with the positions it covered, how many changes, which kinds and sites (as exports are audited).
 */
export type FeedAuditEvent = AuditEventOf<'FEED_READ', 'FEED'>;
