/**
 * A list of fixed-height rows that renders only the rows in view, so 10,000+ entries stay cheap. It
 * follows the newest row while the user is at the bottom, stops when they scroll up, and offers a button
 * back. Arrow keys, Page Up/Down, Home and End move the selection when the list is focused.
 */
import type { ComponentChildren, VNode } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { visibleRows } from './virtual-range.js';

export const ROW_HEIGHT = 24;

interface VirtualListProps {
  label: string;
  count: number;
  /** Column headers, shown above the scrolling rows. */
  header: ComponentChildren;
  renderRow: (position: number) => VNode;
  /** Follow the newest row while the user is at the bottom. */
  follow: boolean;
  selected: number | null;
  onSelect: (position: number) => void;
  /** CSS class giving the rows' grid columns. */
  columns: string;
  /** Shown when there are no rows. */
  empty: string;
}

export function VirtualList(props: VirtualListProps): VNode {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [view, setView] = useState({ top: 0, height: 0 });

  const stickToBottom = (): void => {
    const el = scroller.current;
    if (el && props.follow && atBottom.current) el.scrollTop = el.scrollHeight;
  };

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const observer = new ResizeObserver(() => {
      stickToBottom();
      setView({ top: el.scrollTop, height: el.clientHeight });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(stickToBottom, [props.count]);

  const onScroll = (): void => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollTop + el.clientHeight >= el.scrollHeight - ROW_HEIGHT / 2;
    setView({ top: el.scrollTop, height: el.clientHeight });
  };

  const select = (position: number): void => {
    const el = scroller.current;
    const target = Math.max(0, Math.min(props.count - 1, position));
    if (props.count === 0 || !el) return;
    props.onSelect(target);
    const top = target * ROW_HEIGHT;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + ROW_HEIGHT > el.scrollTop + el.clientHeight)
      el.scrollTop = top + ROW_HEIGHT - el.clientHeight;
  };

  const onKeyDown = (event: KeyboardEvent): void => {
    const page = Math.max(1, Math.floor(view.height / ROW_HEIGHT) - 1);
    const current = props.selected ?? -1;
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      PageDown: current + page,
      PageUp: current - page,
      Home: 0,
      End: props.count - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  const jumpToNewest = (): void => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = true;
    el.scrollTop = el.scrollHeight;
  };

  // While following, render the rows at the end now: the scroll to them happens after this render.
  const following = props.follow && atBottom.current;
  const top = following ? Math.max(0, props.count * ROW_HEIGHT - view.height) : view.top;
  const range = visibleRows(top, view.height, ROW_HEIGHT, props.count);
  const rows: VNode[] = [];
  for (let position = range.first; position < range.end; position++) {
    const row = props.renderRow(position);
    rows.push(
      <div
        key={position}
        role="row"
        aria-rowindex={position + 2}
        aria-selected={props.selected === position}
        class={`vrow ${props.columns}${props.selected === position ? ' selected' : ''}`}
        style={{ top: `${position * ROW_HEIGHT}px` }}
        onClick={() => select(position)}
      >
        {row}
      </div>,
    );
  }
  const scrolledUp = props.follow && !atBottom.current && props.count > 0;
  return (
    <div class="vlist">
      <div class="vgrid" role="grid" aria-label={props.label} aria-rowcount={props.count + 1}>
        <div role="rowgroup" class="vhead">
          <div role="row" aria-rowindex={1} class={`vrow-head ${props.columns}`}>
            {props.header}
          </div>
        </div>
        <div
          ref={scroller}
          class="vscroll"
          role="rowgroup"
          tabIndex={0}
          aria-label={`${props.label}: ${props.count} rows; arrow keys move the selection`}
          onScroll={onScroll}
          onKeyDown={onKeyDown}
        >
          <div class="vspace" style={{ height: `${props.count * ROW_HEIGHT}px` }}>
            {rows}
          </div>
        </div>
      </div>
      {props.count === 0 ? <p class="vempty empty">{props.empty}</p> : null}
      {scrolledUp ? (
        <button type="button" class="jump" onClick={jumpToNewest}>
          Jump to newest
        </button>
      ) : null}
    </div>
  );
}
