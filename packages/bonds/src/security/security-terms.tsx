// The bond's terms: name, ISIN, issuer, type, coupon, frequency, maturity, face value, rating,
// listed, and the call and put schedules. Public.
import type { FinstrumentInfo } from '@bonds/domain'
import { termRows } from '@bonds/pricing'
import { Table } from '@mantine/core'
import { SecuritySection } from './section.tsx'
import classes from './security.module.css'

/** The terms table of one bond. */
export function SecurityTerms({ bond }: { bond: FinstrumentInfo }) {
  return (
    <SecuritySection title="Terms">
      <Table>
        <Table.Tbody>
          {termRows(bond).map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row" fw={500} w="38%" className={classes.muted}>
                {row.label}
              </Table.Th>
              <Table.Td
                ff={row.mono ? 'monospace' : undefined}
                style={{ overflowWrap: 'anywhere' }}
              >
                {row.value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </SecuritySection>
  )
}
