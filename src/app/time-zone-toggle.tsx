import { useTimeZoneChoice } from '../hooks/time/use-time-zone.ts';
import { browserTimeZone, shownZoneName, storeTimeZoneChoice } from '../lib/time-zone.ts';
import classes from './shell.module.css';

/**
 * Which zone times are shown in, named ("CET", "UTC"), and the switch to the other: the reader's
 * own zone by default, UTC (the chain's clock) by choice: in the header, and on phones in the
 * menu (`inMenu`). Not shown where the reader's zone is UTC.
 */
export function TimeZoneToggle({ inMenu = false }: { inMenu?: boolean }) {
  const choice = useTimeZoneChoice();
  const zone = browserTimeZone();
  if (zone === 'UTC') return null;
  const shown = shownZoneName(choice, zone);
  const label = `Times in ${shown}. Switch to ${choice === 'utc' ? 'your zone' : 'UTC'}`;
  const toggle = () => storeTimeZoneChoice(choice === 'utc' ? 'local' : 'utc');
  if (inMenu)
    return (
      <button type="button" className={classes.panelZone} onClick={toggle}>
        {label}
      </button>
    );
  return (
    <button
      type="button"
      className={classes.zone}
      onClick={toggle}
      aria-label={label}
      title={label}
      data-testid="time-zone-toggle"
    >
      <span aria-hidden>◷</span> {shown}
    </button>
  );
}
