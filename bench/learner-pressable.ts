/** What a sighted learner can press: a control shown (not hidden, not visually hidden) and not disabled. */
export interface ShownState {
  disabled?: boolean;
  visible?: boolean;
  visually_hidden?: boolean;
}

export const pressable = (c: { state?: ShownState } | undefined): boolean =>
  c?.state?.disabled !== true && c?.state?.visible !== false && c?.state?.visually_hidden !== true;
