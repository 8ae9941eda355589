/** A real SMTP server for mail tests (the brief: real SMTP, no mock), and polling until a condition holds. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; data: string };

/** A real SMTP server on a free port that records every message it receives. */
export async function startSmtp(): Promise<{
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** Polls `check` until it holds, or fails after `timeoutMs`. */
export async function waitFor(
  check: () => Promise<boolean> | boolean,
  timeoutMs = 20_000,
  intervalMs = 200,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error('timed out');
}
