import classes from './area-switch.module.css';

/**
 * The HRM / CRM / Admin switcher: native radio buttons (arrow keys move between them) styled as a segmented
 * control. Mantine's SegmentedControl measures its items on mount and on every resize to slide its
 * indicator (getBoundingClientRect, getComputedStyle): on a phone that forced a layout of the whole page
 * just as a list's cards arrived, the longest blocking task of the signed-in pages (issue 9 §1).
 */
export const AreaSwitch = ({
  areas,
  value,
  onChange,
}: {
  areas: readonly { area: string; label: string }[];
  value: string;
  onChange: (area: string) => void;
}) => (
  <div role="radiogroup" aria-label="Area" className={classes.root}>
    {areas.map((a) => (
      <label key={a.area} className={classes.item} data-active={a.area === value || undefined}>
        <input
          type="radio"
          name="karya-area"
          className={classes.input}
          value={a.area}
          checked={a.area === value}
          onChange={() => onChange(a.area)}
        />
        {a.label}
      </label>
    ))}
  </div>
);
