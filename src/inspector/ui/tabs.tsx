/** The panels that do not lead share a tab strip (WAI-ARIA tabs: arrow keys move between tabs). */
import type { VNode } from 'preact';
import { useRef } from 'preact/hooks';
import type { PanelId } from '../protocol.js';
import type { PanelContext } from './context.js';
import { PANEL_TITLES } from './layout.js';
import { PANELS } from './panels/index.js';

interface TabsProps {
  ids: PanelId[];
  active: PanelId;
  onActivate: (id: PanelId) => void;
  ctx: PanelContext;
}

export function PanelTabs({ ids, active, onActivate, ctx }: TabsProps): VNode {
  const strip = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent): void => {
    const at = ids.indexOf(active);
    const moves: Record<string, number> = {
      ArrowRight: (at + 1) % ids.length,
      ArrowLeft: (at - 1 + ids.length) % ids.length,
      Home: 0,
      End: ids.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onActivate(ids[next]!);
    strip.current?.querySelectorAll<HTMLElement>('[role=tab]')[next]?.focus();
  };
  return (
    <div class="tabs">
      <div role="tablist" aria-label="More panels" ref={strip} onKeyDown={onKeyDown}>
        {ids.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={id === active}
            aria-controls={`tabpanel-${id}`}
            tabIndex={id === active ? 0 : -1}
            onClick={() => onActivate(id)}
          >
            {PANEL_TITLES[id]}
          </button>
        ))}
      </div>
      {ids.map((id) => {
        const Panel = PANELS[id];
        return (
          <div
            key={id}
            role="tabpanel"
            id={`tabpanel-${id}`}
            aria-labelledby={`tab-${id}`}
            class={`panel panel-${id}`}
            hidden={id !== active}
          >
            <Panel ctx={ctx} />
          </div>
        );
      })}
    </div>
  );
}
