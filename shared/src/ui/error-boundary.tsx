import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';
import { retryFailedLoads } from './retryable-lazy';

export interface AreaErrorBoundaryProps {
  children: ReactNode;
  /** Shown under the SPEC message, e.g. "The Documents area could not be shown." */
  detail?: ReactNode;
  /** Called once per caught error (the shell records it in the error log). */
  onError?: (error: unknown, info: ErrorInfo) => void;
  /** Called before children re-render on retry (e.g. to reload a remote). */
  onRetry?: () => void | Promise<void>;
  /** Changing it clears the error (e.g. the route's pathname). Retries are counted per key. */
  resetKey?: string;
}

interface State {
  error: unknown;
  hasError: boolean;
  retryCount: number;
  resetKey?: string;
}

/**
 * Catches what an area throws while rendering and shows the SPEC §8 error screen in its place,
 * so the rest of the page keeps working. The retry count survives the resets it triggers.
 */
export class AreaErrorBoundary extends Component<AreaErrorBoundaryProps, State> {
  override state: State = { error: null, hasError: false, retryCount: 0, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: AreaErrorBoundaryProps, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, error: null, hasError: false, retryCount: 0 };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  private readonly retry = async () => {
    // A page or widget whose chunk failed to load downloads it again (retryable-lazy.ts).
    retryFailedLoads();
    await this.props.onRetry?.();
    this.setState((state) => ({ error: null, hasError: false, retryCount: state.retryCount + 1 }));
  };

  override render() {
    if (this.state.hasError) {
      return <ErrorScreen error={this.state.error} retryCount={this.state.retryCount} onRetry={this.retry} detail={this.props.detail} />;
    }
    return this.props.children;
  }
}
