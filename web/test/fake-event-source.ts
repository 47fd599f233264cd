// For component tests of the live stream (features/conversations/live.ts): an EventSource that opens
// nothing, so a test says which events arrive.
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readyState = FakeEventSource.CONNECTING;
  private readonly listeners = new Map<string, Set<(event: MessageEvent) => void>>();

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.get(type)?.delete(listener);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server sends `type` with `data` (JSON) and, optionally, an event id. */
  emit(type: string, data?: unknown, id = '') {
    if (type === 'open') this.readyState = FakeEventSource.OPEN;
    const event = new MessageEvent(type, {
      data: data === undefined ? '' : JSON.stringify(data),
      lastEventId: id,
    });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  /** The one stream the tab holds now. */
  static current(): FakeEventSource {
    const open = FakeEventSource.instances.filter((s) => s.readyState !== FakeEventSource.CLOSED);
    const last = open.at(-1);
    if (!last) throw new Error('no open EventSource');
    return last;
  }
}
