/** Screenshots and other files the session produced, with thumbnails for images. */
import type { VNode } from 'preact';
import type { PanelContext } from '../context.js';
import { artifactUrl } from '../client.js';
import { formatTime } from '../format.js';
import { useSlices } from '../hooks.js';

const IMAGE = /\.(png|jpe?g|gif|webp)$/i;

export function ArtifactsPanel({ ctx }: { ctx: PanelContext }): VNode {
  useSlices(ctx.store, 'artifacts', 'runtime');
  const { artifacts, runtime } = ctx.store.state;
  return (
    <div class="panel-body artifacts">
      <div class="toolbar">
        <button
          type="button"
          disabled={ctx.busy || !runtime.open}
          onClick={() => void ctx.act({ action: 'screenshot' }, 'Take screenshot')}
        >
          Take screenshot
        </button>
        <span class="count">{artifacts.length} artifacts</span>
      </div>
      <ul class="artifact-list">
        {artifacts.map((a) => {
          const url = artifactUrl(ctx.sessionId, a.url);
          const image = a.type.startsWith('image') || a.type === 'screenshot' || IMAGE.test(a.name);
          return (
            <li key={a.name}>
              <a href={url} target="_blank" rel="noopener">
                {image ? <img src={url} alt={`Screenshot ${a.name}`} loading="lazy" width={160} /> : null}
                <span>{a.name}</span>
              </a>
              <span class="meta">
                {a.type} · {formatTime(a.created_at)}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
