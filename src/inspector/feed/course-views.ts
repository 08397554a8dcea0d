/** The outline and sequencing panels' data, from the manifest and, once it runs, the session's navigator. */
import { defaultOrganization } from '../../manifest/launch.js';
import type { Item } from '../../manifest/index.js';
import type { NavStateView, TocEntryView } from '../../session/navigation/types.js';
import type { Session } from '../../session/session.js';
import type { OutlineNode, SequencingView } from '../protocol.js';

/** The navigator's state, or null when sequencing does not run (or cannot answer now). */
export function navigationState(session: Session | null): NavStateView | null {
  try {
    return session?.navigator?.state() ?? null;
  } catch {
    return null;
  }
}

/** The default organization's items, each with its tracking status when the navigator runs. */
export function outlineOf(session: Session | null, nav: NavStateView | null): OutlineNode[] {
  let org;
  try {
    org = session ? defaultOrganization(session.parsed.manifest) : null;
  } catch {
    return [];
  }
  if (!org) return [];
  const toc = new Map<string, TocEntryView>((nav?.toc ?? []).map((e) => [e.id, e]));
  const current = nav ? nav.current_activity : (session?.runtime?.status().scoId ?? null);
  const node = (item: Item): OutlineNode => {
    const id = item.identifier ?? '';
    const entry = toc.get(id);
    return {
      id,
      title: item.title ?? id,
      ...(item.identifierref ? { resource_id: item.identifierref } : {}),
      is_current: current !== null && id === current,
      status: entry
        ? {
            completion: entry.completion_status,
            success: entry.success_status,
            attempted: entry.attempt_count > 0,
          }
        : null,
      children: item.items.map(node),
    };
  };
  return org.items.map(node);
}

export function sequencingOf(nav: NavStateView | null): SequencingView {
  if (!nav) {
    return {
      applicable: false,
      current_activity: null,
      valid_requests: [],
      choice_targets: [],
      ended: false,
    };
  }
  return {
    applicable: true,
    current_activity: nav.current_activity,
    valid_requests: Object.entries(nav.valid_requests)
      .filter(([, verdict]) => verdict.valid)
      .map(([name]) => name),
    choice_targets: nav.toc.filter((e) => e.can_choose).map((e) => ({ id: e.id, title: e.title })),
    ended: nav.session_ended,
  };
}
