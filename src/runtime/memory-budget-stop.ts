/**
 * What the runtime does when the course's heap goes past its budget: its running script is stopped and
 * the page runs no more script (timers, handlers) until the SCO is unloaded, so the heap stops growing;
 * our DevTools calls (the engine's data model, the record, the DOM tools' worlds) still work.
 */
import { within } from '../core/within.js';
import { memoryBudgetBytes, watchMemory } from './memory-budget.js';
import type { PlayerChannel } from './player-channel.js';
import type { RuntimeLifecycle } from './runtime-lifecycle.js';
import type { RuntimeLog } from './runtime-log.js';
import type { ScriptStopper } from './script-stopper.js';

export class MemoryBudgetStop {
  /** The attempt whose script the memory budget stopped (scripts stay off until the next launch). */
  private stoppedAttempt: number | null = null;
  /** Page scripts are off because of the memory budget (the player's own included). */
  private scriptsOff = false;

  constructor(
    private readonly lifecycle: RuntimeLifecycle,
    private readonly channel: PlayerChannel,
    private readonly stopper: ScriptStopper,
    private readonly log: RuntimeLog,
    private readonly scoId: string,
  ) {}

  /** Starts watching the heap (read with Performance.getMetrics, enabled by the channel); returns the unsubscribe, or null with no budget. */
  watch(budgetMb: number | undefined): (() => void) | null {
    const budget = memoryBudgetBytes(budgetMb);
    if (budget === null) return null;
    return watchMemory(this.channel.cdp, budget, (used) => this.overBudget(used, budget));
  }

  /** True when the current attempt's script was stopped for the budget (the next launch resumes first). */
  get stopped(): boolean {
    return this.stoppedAttempt !== null;
  }

  /** Reported once per attempt. */
  private async overBudget(usedBytes: number, budgetBytes: number): Promise<void> {
    const attempt = this.log.currentAttempt;
    if (this.lifecycle.state !== 'open' || this.stoppedAttempt === attempt) return;
    this.stoppedAttempt = attempt;
    this.log.addIntegrity({
      kind: 'memory_budget_exceeded',
      detail: `${mb(usedBytes)} MB of JavaScript heap, over the budget of ${mb(budgetBytes)} MB`,
      measuredBytes: usedBytes,
      budgetBytes,
      scoId: this.log.currentScoId ?? this.scoId,
      attempt,
      timestamp: Date.now(),
    });
    // Queued first, it is the page's next task once the running script is stopped: no timer runs between.
    this.scriptsOff = true;
    const disabled = this.channel.cdp
      .send('Emulation.setScriptExecutionDisabled', { value: true })
      .catch(() => undefined);
    await this.stopper.stop('the memory budget', 'memory_budget');
    await within(disabled, 2_000);
  }

  /** The page runs script again (to leave: the course's unload handlers run, as a browser would). */
  async scriptsBackOn(): Promise<void> {
    if (!this.scriptsOff) return;
    this.scriptsOff = false;
    await within(
      this.channel.cdp.send('Emulation.setScriptExecutionDisabled', { value: false }).catch(() => undefined),
      2_000,
    );
  }

  /** Before a new launch: the stopped SCO's heap is collected, so it is not counted against the next. */
  async resume(): Promise<void> {
    await this.scriptsBackOn();
    this.stoppedAttempt = null;
    await within(
      this.channel.cdp.send('HeapProfiler.collectGarbage').catch(() => undefined),
      5_000,
    );
  }
}

const mb = (bytes: number): number => Math.round(bytes / (1024 * 1024));
