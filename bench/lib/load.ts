// Closed-loop load over real HTTP: N clients, each running one flow after another without think
// time for a fixed window, every request timed. A failed request (network error or HTTP status
// outside 2xx) fails its flow; failures are counted and a few are kept to be reported.
import { Agent, request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

// The load generator shares the machine's cores with the server and PostgreSQL, so it should cost
// as little as pgbench's client does: node:http on kept-alive connections costs a fraction of the CPU
// of fetch (undici's WHATWG layer) per request, and that CPU would otherwise come off the server's.
const agent = new Agent({ keepAlive: true, maxSockets: 1024 });

type Reply = { status: number; text: string; setCookies: string[] };

function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  payload?: string,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const setCookie = res.headers['set-cookie'];
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const body =
          encoding === 'br'
            ? brotliDecompressSync(raw)
            : encoding === 'gzip'
              ? gunzipSync(raw)
              : encoding === 'deflate'
                ? inflateSync(raw)
                : raw;
        resolve({
          status: res.statusCode ?? 0,
          text: body.toString('utf8'),
          setCookies: setCookie ?? [],
        });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** Timings of one run: per step (request kind) and per whole flow, in milliseconds. */
export class Timings {
  readonly steps = new Map<string, number[]>();
  record(step: string, milliseconds: number) {
    let list = this.steps.get(step);
    if (!list) {
      list = [];
      this.steps.set(step, list);
    }
    list.push(milliseconds);
  }
  of(step: string): number[] {
    return this.steps.get(step) ?? [];
  }
  all(): number[] {
    return [...this.steps.values()].flat();
  }
}

/**
 * An HTTP client of one simulated person: keeps its cookies (a browser's cookie jar, reduced to
 * name=value) and times each request into `timings` under the step's name.
 */
export class HttpClient {
  private readonly cookies = new Map<string, string>();
  constructor(
    private readonly baseUrl: string,
    readonly headers: Record<string, string> = {},
  ) {}

  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  async request<T>(
    timings: Timings | null,
    step: string,
    method: string,
    url: string,
    body?: unknown,
  ): Promise<T> {
    // What a browser asks for, so the server compresses its answers as it does for a phone.
    const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', ...this.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
    const started = performance.now();
    const res = await send(`${this.baseUrl}${url}`, method, headers, payload);
    const text = res.text;
    timings?.record(step, performance.now() - started);
    for (const cookie of res.setCookies) {
      const [pair] = cookie.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    if (res.status < 200 || res.status > 299) {
      throw new HttpError(res.status, `${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
    }
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

export type LoadResult = {
  clients: number;
  /** Finished flows per second, from the start until the last flow ended (or the work ran out). */
  flowsPerSecond: number;
  flows: number;
  windowMs: number;
  /** Every finished flow's duration. */
  flowMs: number[];
  timings: Timings;
  errors: number;
  errorSamples: string[];
  /** Why clients stopped before the window ended (out of prepared work), or null. */
  stoppedEarly: string | null;
};

/** What a flow gives back: done, or `false` when there is no more prepared work for it. */
export type Flow = (client: number, timings: Timings) => Promise<boolean>;

const MAX_ERRORS = 500;

export async function runClosedLoop(options: {
  clients: number;
  seconds: number;
  flow: Flow;
}): Promise<LoadResult> {
  const timings = new Timings();
  const flowMs: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  const flowEnds: number[] = [];
  let stoppedAt: number | null = null;
  let stoppedEarly: string | null = null;
  const windowMs = options.seconds * 1000;
  const started = performance.now();
  const deadline = started + windowMs;
  async function client(index: number) {
    while (performance.now() < deadline && errors < MAX_ERRORS) {
      const flowStart = performance.now();
      try {
        if (!(await options.flow(index, timings))) {
          stoppedAt ??= performance.now();
          stoppedEarly ??= `out of prepared work after ${((stoppedAt - started) / 1000).toFixed(1)} s`;
          return;
        }
        const end = performance.now();
        flowMs.push(end - flowStart);
        flowEnds.push(end);
      } catch (error) {
        errors++;
        if (errorSamples.length < 5)
          errorSamples.push(error instanceof Error ? error.message : String(error));
        await new Promise((r) => setTimeout(r, 50)); // no tight loop against a failing server
      }
    }
  }
  await Promise.all(Array.from({ length: options.clients }, (_, i) => client(i)));
  if (errors >= MAX_ERRORS) stoppedEarly = `stopped after ${MAX_ERRORS} errors`;
  // Clients start no flow after the deadline but finish the one they are in, so every started flow
  // counts, over the time until the last one ended: flows longer than the window (a slow server
  // under 50 clients) still give a rate. Out of work early: over the time every client had work.
  const end = stoppedAt ?? Math.max(deadline, ...flowEnds);
  const flows = flowEnds.filter((t) => t <= end).length;
  return {
    clients: options.clients,
    flowsPerSecond: flows / ((end - started) / 1000),
    flows,
    windowMs: end - started,
    flowMs,
    timings,
    errors,
    errorSamples,
    stoppedEarly,
  };
}
