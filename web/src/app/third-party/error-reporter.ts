import { BUILD_VERSION } from '../effects';

/*
 * Errors the site did not handle, sent to the error reporter the site's settings name, for a small sample of
 * sessions (its sample rate). A report carries the message, where it happened and the build, never a token or what
 * the player typed. Nothing is sent, and nothing installed, while the settings name no reporter.
 */

let reporter: { dsn: string; sampled: boolean } | null = null;
let installed = false;

/** Sends one report (as a beacon: it leaves even while the page unloads, and needs no preflight). */
export function reportError(error: unknown): void {
  if (!reporter?.sampled) return;
  const err = error instanceof Error ? error : new Error(String(error));
  const report = {
    message: err.message.slice(0, 500),
    stack: (err.stack ?? '').slice(0, 4000),
    path: window.location.pathname,
    release: BUILD_VERSION,
    at: new Date().toISOString(),
  };
  navigator.sendBeacon?.(reporter.dsn, JSON.stringify(report));
}

/** Starts reporting with the site's settings; the sample is drawn once per page load. */
export function configureErrorReporter(settings: { dsn: string; sampleRate: number } | null): void {
  if (!settings) {
    reporter = null;
    return;
  }
  if (reporter?.dsn !== settings.dsn)
    reporter = { dsn: settings.dsn, sampled: Math.random() < settings.sampleRate };
  if (installed) return;
  installed = true;
  window.addEventListener('error', (event) => reportError(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason));
}
