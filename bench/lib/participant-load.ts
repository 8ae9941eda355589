// The participant side of the write benches (issue 16 item 7): links enrolled ahead of a run, and
// the participant flow as the participant pages call it, closed-loop from many phones.
import { thirtyAnswers } from '../../packages/server/test/thirty-questions';
import { HttpClient, runClosedLoop, type Timings } from './load';
import { ms } from './stats';
import { type BenchStudy, enrolLinks, type Link } from './write-study';

/** The links a participant run takes from, topped up before each run to last it. */
export class LinkPool {
  private links: Link[] = [];
  constructor(private readonly study: BenchStudy) {}
  take(): Link | undefined {
    return this.links.shift();
  }
  /** Enough links for `flowsPerSecond` over a window of `seconds` with a margin (the rate can rise between rounds). */
  async fill(flowsPerSecond: number, clients: number, seconds: number) {
    const wanted = Math.ceil(flowsPerSecond * seconds * 1.6) + clients * 4;
    if (this.links.length >= wanted) return;
    const started = performance.now();
    const count = wanted - this.links.length;
    this.links.push(...(await enrolLinks(this.study, count)));
    console.log(
      `  enrolled ${count} participants in ${ms(performance.now() - started)} (pool ${this.links.length})`,
    );
  }
}

// Participants reach the server from their own phones: behind the reverse proxy a deployment has
// (TRUST_PROXY), each flow comes from its own address, so the per-address limits of the public
// routes see one participant each, as in production. Addresses of the benchmarking range (RFC 2544);
// only a header, no traffic goes anywhere but to the local server.
// BENCH_SERVER_NODE_OPTIONS reaches the server's Node only (e.g. `--require <repo>/bench/lib/cpu-profile.cjs`
// with BENCH_CPU_PROFILE for a CPU profile of the server under this load: README).
export const SERVER_ENV: Record<string, string> = {
  TRUST_PROXY: 'true',
  ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
};
let participants = 0;
function participantAddress(): string {
  const n = participants++ % 131_072;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * One participant, link to submitted form, the calls the participant pages make: the link page
 * validates the link, whose answer brings the fill page's data (issue 16; getInfo is asked for only
 * for a link that cannot be opened), so the fill page asks for getProcess and fillState only when
 * it did not; then the participant submits all 30 answers.
 */
export async function participantFlow(baseUrl: string, study: BenchStudy, link: Link, timings: Timings) {
  const client = new HttpClient(baseUrl, { 'x-forwarded-for': participantAddress() });
  const studyId = study.studyId;
  const opened = await client.request<{ fill: unknown }>(
    timings,
    'validateToken',
    'POST',
    `/api/public/studies/${studyId}/token/validateToken`,
    { token: link.token },
  );
  if (!opened.fill)
    await Promise.all([
      client.request(
        timings,
        'getProcess',
        'GET',
        `/api/public/studies/${studyId}/tokens/${link.token}/getProcess`,
      ),
      client.request(
        timings,
        'fillState',
        'GET',
        `/api/public/studies/${studyId}/token/${link.token}/fillState`,
      ),
    ]);
  const result = await client.request<{ isDone: boolean; status: string }>(
    timings,
    'submit',
    'POST',
    `/api/public/studies/${studyId}/questionnaire`,
    {
      token: link.token,
      formId: study.formId,
      answers: thirtyAnswers(link.token.charCodeAt(0)),
      isFinal: true,
      idempotencyKey: `bench-${link.tokenId}`,
    },
  );
  if (!result.isDone) throw new Error(`submit left the link ${result.status}, not done`);
}

export function submitRun(
  baseUrl: string,
  study: BenchStudy,
  pool: LinkPool,
  clients: number,
  seconds: number,
) {
  return runClosedLoop({
    clients,
    seconds,
    flow: async (_client, timings) => {
      const link = pool.take();
      if (!link) return false;
      await participantFlow(baseUrl, study, link, timings);
      return true;
    },
  });
}
