/**
 * What each test page variant does when it is unloaded (README §5). Shared by the driver script in the
 * page (driver/cts-driver.ts) and the Node delivery target, so both runs follow the same variants.
 */

/** Pages that leave Terminate to their unload handler. */
export const TERMINATE_ON_UNLOAD: ReadonlySet<string> = new Set([
  'SequencingTestSingleDoTerminate',
  'exitAllOnUnload',
  'suspendAllOnUnload',
  'tarAct4OnUnload',
]);

/** The adl.nav.request these variants set in their unload handler, before Terminate. */
const UNLOAD_NAV_REQUEST: Readonly<Record<string, string>> = {
  exitAllOnUnload: 'exitAll',
  suspendAllOnUnload: 'suspendAll',
  tarAct4OnUnload: '{target=activity_4}choice',
};

export interface UnloadActions {
  navRequest?: string;
  terminate: boolean;
}

export function unloadActions(variant: string): UnloadActions {
  const navRequest = UNLOAD_NAV_REQUEST[variant];
  return { ...(navRequest === undefined ? {} : { navRequest }), terminate: TERMINATE_ON_UNLOAD.has(variant) };
}

/** Whether the page calls Terminate("") itself once the block's commands ran (assets make no calls). */
export function terminatesAfterCommands(variant: string): boolean {
  return variant !== 'AssetLaunchTest' && !TERMINATE_ON_UNLOAD.has(variant);
}

/** The variant of a page file name: `SequencingTest.htm` → `SequencingTest`. */
export function variantOf(page: string): string {
  return page.replace(/\.html?$/i, '');
}

/** Minimal API surface the variants call. */
interface UnloadApi {
  SetValue(element: string, value: string): string;
  Terminate(parameter: string): string;
}

/** Runs a variant's unload handler against an API. */
export function runUnloadHandler(variant: string, api: UnloadApi): void {
  const actions = unloadActions(variant);
  if (actions.navRequest !== undefined) api.SetValue('adl.nav.request', actions.navRequest);
  if (actions.terminate) api.Terminate('');
}
