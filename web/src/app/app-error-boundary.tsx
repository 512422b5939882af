import { Component, type ErrorInfo, type ReactNode } from 'react'
import { AppErrorRoute } from './routes/app-error.tsx'

/** Shows the error page when a page fails to render or its code cannot be loaded. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed to render', error, info.componentStack)
  }

  override render() {
    return this.state.failed ? <AppErrorRoute /> : this.props.children
  }
}
