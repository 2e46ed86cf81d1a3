// Unhandled render errors show 'Something went wrong' with the message and 'Try again' (requirements
// §2, §8), and for a failed API call its reference (the request id) for the founder to quote.
import { Component, type ErrorInfo, type ReactNode } from "react";
import { Button } from "./button";

/**
 * A failed API call's reference (ApiError's), read by shape: importing the API client here would put
 * it and the contract's zod into the sign-in page's initial JavaScript.
 */
function referenceOf(error: Error): string | undefined {
  const reference = (error as { reference?: unknown }).reference;
  return typeof reference === "string" ? reference : undefined;
}

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<{ children: ReactNode; onReset?: () => void }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error ?? "")) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("Render error", error, info.componentStack);
  }

  private reset = () => {
    this.props.onReset?.();
    this.setState({ error: null });
  };

  override render() {
    if (!this.state.error) return this.props.children;
    const { error } = this.state;
    return <ErrorScreen message={error.message} reference={referenceOf(error)} onRetry={this.reset} />;
  }
}

export function ErrorScreen({
  message,
  reference,
  onRetry,
}: {
  message?: string;
  reference?: string;
  onRetry: () => void;
}) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <div role="alert" className="flex flex-col items-center gap-4">
        <h1 className="text-2xl font-medium">Something went wrong</h1>
        <p className="text-secondary">{message || "An unexpected error occurred"}</p>
        {reference && <p className="text-secondary text-sm">Reference: {reference}</p>}
      </div>
      <Button onClick={onRetry}>Try again</Button>
    </main>
  );
}
