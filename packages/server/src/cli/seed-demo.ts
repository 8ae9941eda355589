/**
 * `npm run seed:demo` (issue 7 item 7): creates a living demo study through the same HTTP API the
 * app uses (every rule, audit event and schedule applies): two sites, forms covering the question
 * types, a three-event process, and 20 subjects at different stages of the schedule.
 */
import { buildApp } from '../app';
import { loadConfig } from '../platform/config';
import { seedDemoStudy } from './demo-study';

async function main(): Promise<void> {
  const config = { ...loadConfig(), jobs: false, logLevel: 'warn' };
  let now = new Date();
  const clock = {
    now: () => now,
    set: (next: Date) => {
      now = next;
    },
  };
  const app = await buildApp(config, {
    clock: clock.now,
    onAdminCreated: ({ email, generatedPassword }) => {
      const lines = [`First system administrator created: ${email}`];
      if (generatedPassword) lines.push(`Generated password (shown only now): ${generatedPassword}`);
      process.stdout.write(`\n${lines.join('\n')}\n\n`);
    },
  });
  try {
    const result = await seedDemoStudy(app, { clock });
    process.stdout.write(
      `Demo study "${result.studyName}" created (${result.studyId}): ${result.subjects} subjects, ` +
        `${result.enrollments} enrollments, ${result.filledForms} filled forms.\n`,
    );
  } finally {
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
