// A sortable grid's header cell: a button, so the keyboard sorts too; the direction as `aria-sort`
// and an arrow, never colour alone (as the RFQ quotes grid's headers).
import { Table, UnstyledButton } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react'
import type { ColumnSort } from './shared-sort.ts'

/** Props of SortHeaderCell. */
export interface SortHeaderCellProps<C extends string> {
  column: C
  label: string
  sort: ColumnSort<C> | null
  onSort: (column: C) => void
  className?: string | undefined
}

/** A column's header: a button that sorts by it, with the direction shown and announced. */
export function SortHeaderCell<C extends string>({
  column,
  label,
  sort,
  onSort,
  className,
}: SortHeaderCellProps<C>) {
  const active = sort?.column === column
  const Icon = !active ? IconArrowsSort : sort.direction === 'asc' ? IconArrowUp : IconArrowDown
  return (
    <Table.Th
      className={className}
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton fz="xs" fw={600} onClick={() => onSort(column)}>
        {label} <Icon size={12} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  )
}
