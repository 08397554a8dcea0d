/**
 * A course's own way on that leads nowhere (pure): adapt-2's "Next module" link goes to
 * `#/id/5889d951…`, a page the course does not have; Adapt throws "Cannot set properties of undefined" on
 * every try and the learner stays on the page. Our click's answer says both (the frame's navigation and
 * the page errors), the next read that the learner is still there: the link is named once as the course's
 * defect and not followed again.
 */

interface ClickChanges {
  navigation?: Array<{ to?: unknown }>;
  console_errors?: Array<{ text?: unknown; source?: unknown }>;
}

/** What the click's answer says of a way on that broke the course's page, or null when it did not. */
export function deadWayOn(name: string, answer: Record<string, unknown> | undefined): string | null {
  const changes = (answer?.changes ?? {}) as ClickChanges;
  const errors = (changes.console_errors ?? []).filter((e) => e.source === 'pageerror');
  const to = changes.navigation?.at(-1)?.to;
  // adapt-2 throws the same errors on clicks that work (its LRS extension): only a way on that went
  // somewhere and threw is one (its narrative's Next, which threw and moved on, was named dead otherwise).
  if (errors.length === 0 || to === undefined) return null;
  const where = typeof to === 'string' ? ` to ${to.replace(/^[^#]*/, '').slice(0, 40) || to.slice(-40)}` : '';
  return `the course's "${name.slice(0, 30)}" went${where} and threw ${errors.length} page error(s) ("${String(errors[0]!.text).slice(0, 50)}"): a way on to nothing`;
}
