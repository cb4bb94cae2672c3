// Price and yield: the pricing input of @bonds/pricing/react at a settlement of T+n (on the bond's
// market calendar) or a chosen date. Public; the maths runs in the browser. Its section is the
// report-issue capture area "calculator" (the market level and the report button are left out).
import { isoDateField, type FinstrumentInfo } from '@bonds/domain'
import type { BondTerms } from '@bonds/pricing'
import { PricingInput, type PricingValue } from '@bonds/pricing/react'
import { formatDate } from '@bonds/ui-kit'
import { Alert, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { SecuritySection } from './section.tsx'
import classes from './security.module.css'
import { SETTLEMENT_DELTAS, settlementLabel, type SettlementChoice } from './settlement.ts'

/** Props of SecurityCalculator. */
export interface SecurityCalculatorProps {
  bond: FinstrumentInfo
  /** `termsOf(bond)`: null when the bond cannot be priced. */
  terms: BondTerms | null
  /** Today in India (YYYY-MM-DD). */
  today: string
  value: PricingValue
  onChange: (value: PricingValue) => void
  settlement: SettlementChoice
  /** The settlement date `settlement` resolves to. */
  settlementDate: string
  onSettlementChange: (choice: SettlementChoice) => void
  /** Above the input: the market's level (`MarketLevel`); left out of report screenshots. */
  market?: ReactNode
  /** Below the input: the app's "Report issue" (left out of report screenshots). */
  reportIssue?: ReactNode
}

type Mode = `${number}` | 'date'

/** Why a bond cannot be priced, in words. */
function unpricedReason(bond: FinstrumentInfo): string {
  if (bond.is_floating_rate) return 'Its coupon floats, so no price follows from a yield.'
  return 'Its terms are not fully known.'
}

/** The calculator of one bond: settlement, then yield or price fixed and the other computed. */
export function SecurityCalculator({
  bond,
  terms,
  today,
  value,
  onChange,
  settlement,
  settlementDate,
  onSettlementChange,
  market,
  reportIssue,
}: SecurityCalculatorProps) {
  const [dateText, setDateText] = useState(
    settlement.kind === 'date' ? settlement.date : settlementDate,
  )
  const [dateError, setDateError] = useState<string | null>(null)
  const mode: Mode = settlement.kind === 'date' ? 'date' : `${settlement.delta}`

  const chooseMode = (next: string) => {
    if (next === 'date') {
      setDateText(settlementDate)
      setDateError(null)
      onSettlementChange({ kind: 'date', date: settlementDate })
    } else {
      onSettlementChange({ kind: 'delta', delta: Number(next) })
    }
  }

  const typeDate = (text: string) => {
    setDateText(text)
    const parsed = isoDateField.safeParse(text)
    if (!parsed.success) {
      setDateError(parsed.error.issues[0]?.message ?? 'Please enter a valid date')
      return
    }
    setDateError(null)
    onSettlementChange({ kind: 'date', date: parsed.data })
  }

  return (
    <SecuritySection title="Price and yield">
      <Stack gap="sm">
        <Stack gap={4}>
          <Text size="sm" fw={500} aria-hidden>
            Settlement
          </Text>
          <SegmentedControl
            aria-label="Settlement"
            size="xs"
            value={mode}
            onChange={chooseMode}
            data={[
              ...SETTLEMENT_DELTAS.map((d) => ({ value: `${d}`, label: `T+${d}` })),
              { value: 'date', label: 'Date' },
            ]}
          />
          {settlement.kind === 'date' && (
            <TextInput
              type="date"
              label="Settlement date"
              size="sm"
              value={dateText}
              onChange={(event) => typeDate(event.currentTarget.value)}
              error={dateError}
            />
          )}
          <Text size="sm" className={classes.muted} aria-live="polite">
            Settles {formatDate(settlementDate)} ({settlementLabel(settlement)})
          </Text>
        </Stack>
        {market && <div data-support-ignore="market-level">{market}</div>}
        <PricingInput
          terms={terms}
          settlementDate={settlementDate}
          value={value}
          onChange={onChange}
          bond={bond}
          today={today}
        />
        {/* A matured bond: the input already says so, and that it cannot be selected. */}
        {!terms && !bond.is_matured && (
          <Alert color="yellow" variant="light">
            {/* No Alert title: Mantine's coloured title is below AA contrast on its light fill. */}
            <Text span fw={600} size="sm">
              This bond cannot be priced.
            </Text>{' '}
            {unpricedReason(bond)}
          </Alert>
        )}
        {reportIssue && (
          <Group justify="flex-end" data-support-ignore="report-issue">
            {reportIssue}
          </Group>
        )}
      </Stack>
    </SecuritySection>
  )
}
