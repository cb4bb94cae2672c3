// Cash flows for a chosen quantity: `POST api/cashflow/{id}/ {quantity, ref_date}` from the
// calculator's settlement date, as a chart and a table of dated interest, principal and total in
// rupees with Indian grouping. Public.
import { unitsField, type CashflowResponse, type FinstrumentInfo } from '@bonds/domain'
import type { BondTerms } from '@bonds/pricing'
import { formatDate, formatQuantum, formatRupees, formatUnits, TableScroll } from '@bonds/ui-kit'
import { Button, Group, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core'
import { useId, useState, type FormEvent } from 'react'
import { useCashflowsQuery } from '../api/cashflows.ts'
import { failureText, useQueryView } from '../api/query-view.ts'
import { CashflowChart } from './cashflow-chart.tsx'
import { SecuritySection, SectionEmpty, SectionError, SectionSkeleton } from './section.tsx'
import classes from './security.module.css'

/** Props of CashflowSection. */
export interface CashflowSectionProps {
  bond: FinstrumentInfo
  /** `termsOf(bond)`: null when the bond cannot be priced (no cash flows then). */
  terms: BondTerms | null
  /** The calculator's settlement date: cash flows after it. */
  settlementDate: string
  /** The quantity (units) the cash flows are for; null until the user gives one. */
  quantity: number | null
  onQuantityChange: (quantity: number) => void
}

function unavailableReason(bond: FinstrumentInfo): string {
  if (bond.is_floating_rate) return 'Its coupon floats, so future interest is not known.'
  if (bond.is_matured) return 'The bond has matured.'
  return 'The bond’s terms are not fully known.'
}

function CashflowTable({ data }: { data: CashflowResponse }) {
  const sum = (pick: (f: CashflowResponse['cashflows'][number]) => number) =>
    data.cashflows.reduce((total, f) => total + pick(f), 0)
  const captionId = useId()
  // The caption sits outside the scrolling box so it wraps to the screen, not to the table.
  return (
    <Stack gap={4} miw={0}>
      <Text id={captionId} size="sm" className={classes.muted}>
        Cash flows for {formatUnits(data.quantity)} units from settlement on{' '}
        {formatDate(data.settlement_date)}, in rupees
      </Text>
      <TableScroll label="Cash-flow table" style={{ maxHeight: 360 }}>
        <Table stickyHeader highlightOnHover miw={320} aria-labelledby={captionId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Date</Table.Th>
              <Table.Th scope="col" className={classes.numeric}>
                Interest
              </Table.Th>
              <Table.Th scope="col" className={classes.numeric}>
                Principal
              </Table.Th>
              <Table.Th scope="col" className={classes.numeric}>
                Total
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.cashflows.map((flow) => (
              <Table.Tr key={flow.date}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(flow.date)}</Table.Td>
                <Table.Td className={classes.numeric}>{formatRupees(flow.interest)}</Table.Td>
                <Table.Td className={classes.numeric}>{formatRupees(flow.principal)}</Table.Td>
                <Table.Td className={classes.numeric}>{formatRupees(flow.total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">Total</Table.Th>
              <Table.Td className={classes.numeric} fw={600}>
                {formatRupees(sum((f) => f.interest))}
              </Table.Td>
              <Table.Td className={classes.numeric} fw={600}>
                {formatRupees(sum((f) => f.principal))}
              </Table.Td>
              <Table.Td className={classes.numeric} fw={600}>
                {formatRupees(sum((f) => f.total))}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </TableScroll>
    </Stack>
  )
}

/** The quantity form and the cash flows of one bond for it. */
export function CashflowSection({
  bond,
  terms,
  settlementDate,
  quantity,
  onQuantityChange,
}: CashflowSectionProps) {
  const [text, setText] = useState(quantity === null ? '' : String(quantity))
  const [touched, setTouched] = useState(false)
  const parsed = unitsField.safeParse(text)
  const error = touched && !parsed.success ? parsed.error.issues[0]?.message : undefined
  const faceAmount = parsed.success ? parsed.data * bond.face_value : null

  // Asked for once a quantity is given (and again when it or the settlement changes).
  const result = useCashflowsQuery(
    { id: bond.id, quantity: quantity ?? 0, refDate: settlementDate },
    { skip: !terms || quantity === null },
  )
  const flows = useQueryView(result)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (parsed.success) onQuantityChange(parsed.data)
  }

  return (
    <SecuritySection title="Cash flows">
      {!terms ? (
        <SectionEmpty title="Cash flows are not available" description={unavailableReason(bond)} />
      ) : (
        <Stack gap="md">
          <form onSubmit={submit} noValidate>
            <TextInput
              label="Quantity (units)"
              description={
                faceAmount !== null && faceAmount > 0
                  ? `${formatQuantum(faceAmount)} face value at ₹${formatUnits(bond.face_value)} per unit`
                  : `Face value ₹${formatUnits(bond.face_value)} per unit`
              }
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              onBlur={() => setTouched(text !== '' || touched)}
              error={error}
              inputMode="decimal"
              autoComplete="off"
              maw={420}
              styles={{ input: { textAlign: 'right' } }}
              inputContainer={(input) => (
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
                  <Button type="submit">Show cash flows</Button>
                </Group>
              )}
            />
          </form>
          {flows.status === 'idle' && (
            <SectionEmpty
              title="Enter a quantity"
              description="Give the number of units you hold or plan to buy to see each interest and principal payment in rupees."
            />
          )}
          {flows.status === 'loading' && <SectionSkeleton label="Loading cash flows" rows={6} />}
          {flows.status === 'error' && (
            <SectionError
              message={failureText(flows.error, 'The cash flows could not be loaded.')}
              onRetry={() => void result.refetch()}
            />
          )}
          {flows.status === 'ready' && flows.data.cashflows.length === 0 && (
            <SectionEmpty
              title="No payments remain"
              description={`Nothing is paid after settlement on ${formatDate(flows.data.settlement_date)}.`}
            />
          )}
          {flows.status === 'ready' && flows.data.cashflows.length > 0 && (
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
              <CashflowChart flows={flows.data.cashflows} />
              <CashflowTable data={flows.data} />
            </SimpleGrid>
          )}
          {flows.status === 'ready' && (
            <Text size="xs" className={classes.muted}>
              Amounts for {formatUnits(flows.data.quantity)} units of ₹
              {formatUnits(flows.data.face_value)} face value; dates as scheduled.
            </Text>
          )}
        </Stack>
      )}
    </SecuritySection>
  )
}
