import type { CSSProperties, ReactNode } from 'react';
import classes from './card-line.module.css';

/**
 * One 'label value' line of a record card. Plain elements with a stylesheet, not Mantine's Group and Text:
 * a list page draws some twenty cards of several lines at once, and on a phone each Mantine component's
 * style work shows in the blocking time when the list arrives.
 */
export const CardLine = ({
  label,
  labelWidth,
  children,
}: {
  label: string;
  /** The label column's width in px (default 76), so the values of a card line up. */
  labelWidth?: number;
  children: ReactNode;
}) => (
  <div
    className={classes.line}
    style={labelWidth ? ({ '--card-line-label-width': `${labelWidth}px` } as CSSProperties) : undefined}
  >
    <span className={classes.label}>{label}</span>
    <div className={classes.value}>{children}</div>
  </div>
);
