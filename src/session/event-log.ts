/** Session events with increasing ids, for polling with scorm_session_events. */
export interface SessionEvent {
  id: number;
  type: string;
  time: number;
  payload?: Record<string, unknown>;
}

const MAX_EVENTS = 5000;

export class EventLog {
  private events: SessionEvent[] = [];
  private nextId = 1;
  private dropped = 0;
  private readonly listeners = new Set<(event: SessionEvent) => void>();

  push(type: string, payload?: Record<string, unknown>): SessionEvent {
    const event: SessionEvent = {
      id: this.nextId++,
      type,
      time: Date.now(),
      ...(payload ? { payload } : {}),
    };
    this.events.push(event);
    if (this.events.length > MAX_EVENTS) {
      const excess = this.events.length - MAX_EVENTS;
      this.events.splice(0, excess);
      this.dropped += excess;
    }
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A watcher (the inspector's feed) must never break the tool that pushed the event.
      }
    }
    return event;
  }

  /** Calls `listener` with every event as it is pushed; returns the function that stops it. */
  subscribe(listener: (event: SessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  since(sinceId = 0, max = 200): { events: SessionEvent[]; latest_event_id: number; dropped_before: number } {
    const events = this.events.filter((e) => e.id > sinceId).slice(0, max);
    return { events, latest_event_id: this.nextId - 1, dropped_before: this.dropped };
  }
}
