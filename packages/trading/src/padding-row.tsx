// The space a virtualised grid leaves for the rows it does not draw, above or below its window.
// The grid's scroller must set `overflow-anchor: none`: with the browser's scroll anchoring on, each
// change of this row's height moved scrollTop, which moved the window again (the jitter the
// inventory grid had).

/** A row `height` px tall across `columns` columns (nothing when 0). */
export function PaddingRow({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null
  return (
    <tr aria-hidden style={{ height }}>
      <td colSpan={columns} />
    </tr>
  )
}
