/**
 * Error reporting of tracking failures (spec §8): the error-reporting service's SDK (@sentry/browser) is
 * imported only when the site configures a DSN (`<html data-error-dsn>`), at the first failure; each report
 * carries the event name, the provider, and the stage and release of the build.
 */
import type { TrackingEvent } from "../../lib/tracking.ts";

/** What the reporting needs of the SDK (the part of @sentry/browser it uses). */
export interface ErrorReportingSdk {
  init(options: { dsn: string; environment: string; release?: string; defaultIntegrations: false }): void;
  withScope(callback: (scope: { setTag(key: string, value: string): void }) => void): void;
  captureException(error: unknown): void;
}

/** Where and as what the page reports: the DSN, the stage and the release. */
export interface ErrorReportingSettings {
  dsn: string | undefined;
  stage: string;
  release: string | undefined;
}

/** Reports a tracking failure with the event name and the provider. */
export type TrackingErrorReporter = (
  error: unknown,
  context: { event: TrackingEvent | "pageView"; provider: string },
) => void;

/** Imports the three functions of @sentry/browser the reporting uses (the rest of the SDK is left out). */
async function loadSentry(): Promise<ErrorReportingSdk> {
  const { init, withScope, captureException } = await import("@sentry/browser");
  return { init, withScope, captureException };
}

/** The reporter of a page, or undefined without a DSN (nothing of the SDK loads then). */
export function trackingErrorReporter(
  settings: ErrorReportingSettings,
  loadSdk: () => Promise<ErrorReportingSdk> = loadSentry,
): TrackingErrorReporter | undefined {
  const { dsn } = settings;
  if (!dsn) return undefined;
  let sdk: Promise<ErrorReportingSdk | null> | undefined;
  const ready = (): Promise<ErrorReportingSdk | null> => {
    sdk ??= loadSdk().then(
      (loaded) => {
        loaded.init({
          dsn,
          environment: settings.stage,
          ...(settings.release ? { release: settings.release } : {}),
          defaultIntegrations: false,
        });
        return loaded;
      },
      () => null,
    );
    return sdk;
  };
  return (error, context) => {
    void ready().then((loaded) => {
      loaded?.withScope((scope) => {
        scope.setTag("event", context.event);
        scope.setTag("provider", context.provider);
        scope.setTag("stage", settings.stage);
        loaded.captureException(error);
      });
    });
  };
}
