// A reader of GET /api/events over real HTTP for tests: parses the text/event-stream frames as a
// browser's EventSource would (id, event, data; comment lines apart) and waits for the ones a test wants.

export interface StreamEvent {
  id: string | undefined;
  event: string;
  data: unknown;
  /** When the frame was read (ms, performance.now()). */
  at: number;
}

export interface EventStreamReader {
  status: number;
  headers: Headers;
  events: StreamEvent[];
  /** Comment lines (": keep-alive") read so far. */
  comments: number;
  /** Whether the server ended the stream. */
  ended: boolean;
  /** The first event after the first `from` that matches, waiting up to `timeoutMs`. */
  next(match: (event: StreamEvent) => boolean, timeoutMs?: number, from?: number): Promise<StreamEvent>;
  close(): void;
}

export async function openEventStream(
  base: string,
  cookie: string,
  lastEventId?: number | string,
): Promise<EventStreamReader> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/events`, {
    headers: {
      cookie,
      accept: 'text/event-stream',
      ...(lastEventId !== undefined ? { 'last-event-id': String(lastEventId) } : {}),
    },
    signal: abort.signal,
  });
  const waiters = new Set<() => void>();
  const reader: EventStreamReader = {
    status: res.status,
    headers: res.headers,
    events: [],
    comments: 0,
    ended: false,
    async next(match, timeoutMs = 10_000, from = 0) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = reader.events.slice(from).find(match);
        if (found) return found;
        if (reader.ended) throw new Error(`the stream ended; events: ${JSON.stringify(reader.events)}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no such event in ${timeoutMs} ms: ${JSON.stringify(reader.events)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, left);
          function done() {
            clearTimeout(timer);
            waiters.delete(done);
            resolve();
          }
          waiters.add(done);
        });
      }
    },
    close: () => abort.abort(),
  };
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  if (!res.ok || !res.body) {
    reader.ended = true;
    await res.body?.cancel();
    return reader;
  }
  void (async () => {
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffered += decoder.decode(chunk, { stream: true });
        let end = buffered.indexOf('\n\n');
        while (end >= 0) {
          parseFrame(buffered.slice(0, end), reader);
          buffered = buffered.slice(end + 2);
          end = buffered.indexOf('\n\n');
        }
        wake();
      }
    } catch {
      // aborted by close(), or the connection dropped
    }
    reader.ended = true;
    wake();
  })();
  return reader;
}

function parseFrame(frame: string, reader: EventStreamReader) {
  let id: string | undefined;
  let event = 'message';
  const data: string[] = [];
  let fields = 0;
  for (const line of frame.split('\n')) {
    if (line.startsWith(':')) {
      reader.comments += 1;
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    fields += 1;
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (fields === 0 || data.length === 0) return; // a comment, or `retry:` alone
  reader.events.push({ id, event, data: JSON.parse(data.join('\n')), at: performance.now() });
}
