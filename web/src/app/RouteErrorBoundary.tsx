/**
 * Catches what a page throws while rendering (or a page's code that failed to download) and shows
 * RouteError in its place; the next navigation (a new `resetKey`) tries again.
 */
import { Component, type ReactNode } from 'react';
import { RouteError } from './RouteError';

interface Props {
  resetKey?: string;
  children: ReactNode;
}
interface State {
  error: unknown;
  failedAt?: string;
}

export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error === null) return state.failedAt === props.resetKey ? null : { failedAt: props.resetKey };
    return state.failedAt === props.resetKey ? null : { error: null, failedAt: props.resetKey };
  }

  componentDidCatch(error: unknown) {
    console.error('A page failed to render', error);
  }

  render() {
    return this.state.error !== null ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
