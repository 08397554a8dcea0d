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
    return event;
  }

  since(sinceId = 0, max = 200): { events: SessionEvent[]; latest_event_id: number; dropped_before: number } {
    const events = this.events.filter((e) => e.id > sinceId).slice(0, max);
    return { events, latest_event_id: this.nextId - 1, dropped_before: this.dropped };
  }
}
