// Every table of the application, for Drizzle's typed queries and for drizzle-kit's migrations.
export { users } from '../../modules/users/tables';
export { auditEvents } from '../audit/tables';
export { loginThrottle, sessions } from '../auth/tables';
export { outboxMessages } from '../outbox/tables';
