// Closed-loop load over real HTTP: N clients, each running one flow after another without think
// time for a fixed window, every request timed. A failed request (network error or HTTP status
// outside 2xx) fails its flow; failures are counted and a few are kept to be reported.
import { connect, type Socket } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Reply = { status: number; text: string; setCookies: string[] };

// The load generator shares the machine's cores with the server and PostgreSQL, so it should cost
// as little as pgbench's client does (libpq on a socket). node:http's client cost 1.1-1.5 ms of CPU
// per participant flow (two requests) in the write bench, about a tenth of the whole machine's CPU
// per flow, against pgbench's 0.11 ms per transaction; that CPU came off the server's and
// PostgreSQL's. So requests go as HTTP/1.1 text on kept-alive sockets and answers are read by hand:
// a status line, headers, then a body of Content-Length bytes or in chunks (an answer the server
// compresses on the fly). What a request needs is all there is: no redirects, no upgrades. This
// client costs 0.7-0.8 ms per participant flow.
const idle = new Map<string, Socket[]>();

/** One answer being read from a socket: the bytes so far and where its body starts and ends. */
class ReplyReader {
  private chunks: Buffer[] = [];
  private size = 0;
  private head: { status: number; headers: Map<string, string[]>; bodyAt: number } | null = null;
  constructor(private readonly noBody: boolean) {}

  /** Adds bytes; the whole answer (status, headers, body) once complete, else null. */
  add(chunk: Buffer): { status: number; headers: Map<string, string[]>; body: Buffer } | null {
    this.chunks.push(chunk);
    this.size += chunk.length;
    const all = this.chunks.length === 1 ? chunk : Buffer.concat(this.chunks, this.size);
    this.chunks = [all];
    if (!this.head) {
      const end = all.indexOf('\r\n\r\n');
      if (end < 0) return null;
      const lines = all.toString('latin1', 0, end).split('\r\n');
      const status = Number(lines[0]?.split(' ')[1]);
      const headers = new Map<string, string[]>();
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim().toLowerCase();
        headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
      }
      this.head = { status, headers, bodyAt: end + 4 };
    }
    const { status, headers, bodyAt } = this.head;
    if (this.noBody || status === 204 || status === 304) return { status, headers, body: Buffer.alloc(0) };
    const length = headers.get('content-length')?.[0];
    if (length !== undefined) {
      const end = bodyAt + Number(length);
      return all.length >= end ? { status, headers, body: all.subarray(bodyAt, end) } : null;
    }
    if (headers.get('transfer-encoding')?.[0]?.toLowerCase() !== 'chunked') {
      throw new Error(`answer ${status} has neither Content-Length nor chunks`);
    }
    const parts: Buffer[] = [];
    let at = bodyAt;
    for (;;) {
      const lineEnd = all.indexOf('\r\n', at);
      if (lineEnd < 0) return null;
      const chunkSize = Number.parseInt(all.toString('latin1', at, lineEnd), 16);
      if (chunkSize === 0) {
        // The last chunk, then no trailers, then the closing blank line.
        return all.length >= lineEnd + 4 ? { status, headers, body: Buffer.concat(parts) } : null;
      }
      const dataEnd = lineEnd + 2 + chunkSize;
      if (all.length < dataEnd + 2) return null;
      parts.push(all.subarray(lineEnd + 2, dataEnd));
      at = dataEnd + 2;
    }
  }
}

function socketFor(host: string, port: number, reuse: boolean): { socket: Socket; reused: boolean } {
  const key = `${host}:${port}`;
  const kept = reuse ? idle.get(key)?.pop() : undefined;
  if (kept) return { socket: kept, reused: true };
  const socket = connect({ host, port, noDelay: true });
  socket.on('close', () => {
    const list = idle.get(key);
    const at = list?.indexOf(socket) ?? -1;
    if (list && at >= 0) list.splice(at, 1);
  });
  // An idle socket the server closed: removed on close; no one is waiting on it.
  socket.on('error', () => {});
  return { socket, reused: false };
}

function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  payload?: string,
): Promise<Reply> {
  const { hostname, port: given, pathname, search } = new URL(url);
  const port = given || '80';
  const key = `${hostname}:${port}`;
  let text = `${method} ${pathname}${search} HTTP/1.1\r\nhost: ${hostname}:${port}\r\n`;
  for (const [name, value] of Object.entries(headers)) text += `${name}: ${value}\r\n`;
  text += `\r\n${payload ?? ''}`;
  return exchange({ url, method, host: hostname, port: Number(port), key, text }, true);
}

type Request = { url: string; method: string; host: string; port: number; key: string; text: string };

/**
 * Writes one request and reads its answer. A kept-alive socket that fails before any answer byte
 * (the server closed it while it sat idle) is replaced by a new one, once.
 */
function exchange(request: Request, reuse: boolean): Promise<Reply> {
  const { url, method, key, text } = request;
  return new Promise((resolve, reject) => {
    const { socket, reused } = socketFor(request.host, request.port, reuse);
    let answered = false;
    const reader = new ReplyReader(method === 'HEAD');
    const done = (error: Error | null, reply?: Reply) => {
      socket.off('data', onData);
      socket.off('error', onError);
      socket.off('close', onClose);
      if (error) {
        socket.destroy();
        if (reused && !answered) exchange(request, false).then(resolve, reject);
        else reject(error);
        return;
      }
      const list = idle.get(key);
      if (list) list.push(socket);
      else idle.set(key, [socket]);
      resolve(reply as Reply);
    };
    const onData = (chunk: Buffer) => {
      answered = true;
      let answer: ReturnType<ReplyReader['add']>;
      try {
        answer = reader.add(chunk);
      } catch (error) {
        done(error as Error);
        return;
      }
      if (!answer) return;
      const encoding = answer.headers.get('content-encoding')?.[0];
      const body =
        encoding === 'br'
          ? brotliDecompressSync(answer.body)
          : encoding === 'gzip'
            ? gunzipSync(answer.body)
            : encoding === 'deflate'
              ? inflateSync(answer.body)
              : answer.body;
      const reply = {
        status: answer.status,
        text: body.toString('utf8'),
        setCookies: answer.headers.get('set-cookie') ?? [],
      };
      if (answer.headers.get('connection')?.[0]?.toLowerCase() === 'close') {
        socket.off('data', onData);
        socket.off('error', onError);
        socket.off('close', onClose);
        socket.destroy();
        resolve(reply);
        return;
      }
      done(null, reply);
    };
    const onError = (error: Error) => done(error);
    const onClose = () => done(new Error(`${method} ${url}: the connection closed before the answer`));
    socket.on('data', onData);
    socket.on('error', onError);
    socket.on('close', onClose);
    socket.write(text);
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
