/** The ads feature's building blocks other features use (its data hooks are in ./api). */
export { SponsoredStrip } from './components/SponsoredStrip';
export { RunFiguresLine, RunState, RunTargeting } from './components/RunSummary';
