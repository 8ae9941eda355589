import type { OutboxMessage } from '@trialbase/domain';

export function statusColor(status: OutboxMessage['status']): string {
  switch (status) {
    case 'PENDING':
      return 'yellow';
    case 'SENT':
      return 'teal';
    case 'FAILED':
      return 'red';
    case 'KEPT':
      return 'gray';
  }
}
