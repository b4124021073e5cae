/**
 * For tests and stories of the join forms: a stand-in for Intl.DateTimeFormat's resolvedOptions that
 * reports another time zone, so the browser's zone (joinContext) is one the test chooses:
 * `spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(reportingTimezone('Europe/London'))`.
 */

// Taken once, on import: by the time a stand-in is made, the spy may already be in its place.
const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;

export function reportingTimezone(timeZone: string) {
  return function (this: Intl.DateTimeFormat): Intl.ResolvedDateTimeFormatOptions {
    return { ...resolved.call(this), timeZone };
  };
}
