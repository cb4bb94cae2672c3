// The one way a wide table fits a narrow card (a 360 px phone): it scrolls sideways inside the
// card, with a shadow at each edge that has more columns beyond it, never cut off.
import type { CSSProperties, ReactNode } from 'react'
import classes from './table-scroll.module.css'

/** Props of TableScroll. */
export interface TableScrollProps {
  /** What the table holds, for screen readers (the region is focusable to scroll by keyboard). */
  label: string
  /** E.g. a max height, for a table that also scrolls down under a sticky header. */
  style?: CSSProperties
  /** The table; give it a min width (Mantine's `miw`) below which it should scroll. */
  children: ReactNode
}

/** A table that scrolls inside its card, reachable and scrollable by keyboard. */
export function TableScroll({ label, style, children }: TableScrollProps) {
  return (
    <div className={classes.scroll} style={style} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  )
}
