// The zone dates are shown in is the server's DISPLAY_TIME_ZONE setting, not the build's: the server
// writes it into the page (<meta name="display-time-zone">, server/plugins/web.ts) and main.tsx applies
// it before the first render. The vite dev server's page has no such tag: dates stay in the spec's zone.
import { DISPLAY_TIME_ZONE_META } from '../../shared/catalog';
import { displayTimeZone, setDisplayTimeZone } from '../../shared/format';

/** Applies the page's display time zone, if it names one this browser knows; returns the zone in use. */
export function applyPageTimeZone(doc: Document = document): string {
  const zone = doc.querySelector(`meta[name="${DISPLAY_TIME_ZONE_META}"]`)?.getAttribute('content');
  if (zone) {
    try {
      setDisplayTimeZone(zone);
    } catch {
      // A browser whose Intl lacks the zone keeps the spec's rather than failing to start.
    }
  }
  return displayTimeZone();
}
