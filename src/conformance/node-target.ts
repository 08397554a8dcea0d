/**
 * Deliveries in Node: each one gets a fresh strict SCORM 2004 API object, and its test page is
 * emulated by calling that object directly (the steps through the same executeStep the driver script
 * uses in the browser, the variant's unload handler from page-variants.ts).
 */
import { StrictApi2004 } from '../rte/strict/strict-2004.js';
import type { DeliveryTarget, LaunchSpec, RunningDelivery } from './delivery-target.js';
import { runUnloadHandler } from './driver/page-variants.js';
import { executeStep } from './execute-step.js';
import type { TestPage } from './lms.js';

export class NodeDeliveryTarget implements DeliveryTarget {
  readonly mode = 'node';

  launch(spec: LaunchSpec): Promise<RunningDelivery> {
    const api = new StrictApi2004({
      init: spec.init,
      sharedData: spec.sharedData,
      navigation: spec.navigation,
    });
    const page: TestPage = {
      location: () => Promise.resolve(spec.launchUrl),
      apiVersion: () => Promise.resolve(api.version),
      run: (steps, lookups) => Promise.resolve(steps.map((step) => executeStep(api, step, lookups))),
      terminate: () => Promise.resolve(void api.Terminate('')),
    };
    return Promise.resolve({
      page,
      lifeState: () => Promise.resolve(api.lifeState),
      unload: () => Promise.resolve(runUnloadHandler(spec.variant, api)),
      endAttempt: () => Promise.resolve(void api.Terminate('')),
      results: () =>
        Promise.resolve({
          values: api.snapshot(),
          navRequest: api.pendingNavRequest,
          setByContent: api.setByContent(),
        }),
    });
  }

  dispose(): Promise<void> {
    return Promise.resolve();
  }
}
