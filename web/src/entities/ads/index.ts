/** Ads as the screens show them: the sponsored strip of the dashboards (the ads' data hooks are in ./api). */
export { SponsoredStrip } from './SponsoredStrip';
export { RunFiguresLine, RunState, RunStopNote, RunTargeting, useRunPeriod } from './RunSummary';
export { RunStopDialog, runActionOf, useRunStopDone, type RunAction } from './RunStopDialog';
