// The cash flows as bars drawn by hand in SVG (no chart library): interest and principal stacked
// per date. Principal is hatched as well as coloured, and a text summary is the chart's alternative;
// the table beside it lists every payment.
import type { CashflowResponse } from '@bonds/domain'
import { formatDate, formatRupees } from '@bonds/ui-kit'
import { Group, Text } from '@mantine/core'
import { useElementSize } from '@mantine/hooks'
import { useId } from 'react'
import { compactRupees, labelEvery, monthYear, niceTicks } from './chart-scale.ts'
import classes from './security.module.css'

/** One dated payment. */
export type Cashflow = CashflowResponse['cashflows'][number]

/** Props of CashflowChart. */
export interface CashflowChartProps {
  flows: readonly Cashflow[]
  /** Height of the plot in px. */
  height?: number
}

const MARGIN = { top: 8, right: 8, bottom: 24, left: 72 }
/** Width used before the element is measured (and in tests, where nothing has a size). */
const FALLBACK_WIDTH = 640

/** What the chart shows, in one sentence (its text alternative). */
export function cashflowSummary(flows: readonly Cashflow[]): string {
  if (flows.length === 0) return 'No payments remain.'
  const sum = (pick: (f: Cashflow) => number) => flows.reduce((total, f) => total + pick(f), 0)
  const first = flows[0]!
  const last = flows.at(-1)!
  const span =
    flows.length === 1
      ? `1 payment on ${formatDate(first.date)}`
      : `${flows.length} payments from ${formatDate(first.date)} to ${formatDate(last.date)}`
  return `${span}: interest ${formatRupees(sum((f) => f.interest))}, principal ${formatRupees(
    sum((f) => f.principal),
  )}, total ${formatRupees(sum((f) => f.total))}.`
}

/** Interest and principal per payment date as stacked bars, with a text alternative. */
export function CashflowChart({ flows, height = 200 }: CashflowChartProps) {
  const { ref, width: measured } = useElementSize<HTMLDivElement>()
  const width = measured > 0 ? measured : FALLBACK_WIDTH
  const id = useId()
  const hatch = `${id}-hatch`
  const summary = cashflowSummary(flows)

  const plotW = Math.max(1, width - MARGIN.left - MARGIN.right)
  const plotH = height
  const ticks = niceTicks(Math.max(0, ...flows.map((f) => f.total)))
  const top = ticks.at(-1) ?? 1
  const y = (value: number) => MARGIN.top + plotH - (value / top) * plotH
  const band = flows.length > 0 ? plotW / flows.length : plotW
  const barW = Math.max(1, Math.min(48, band * 0.7))
  const every = labelEvery(flows.length, band)

  return (
    <figure className={classes.chartColors}>
      <div ref={ref} style={{ width: '100%' }}>
        <svg
          className={classes.chart}
          width={width}
          height={plotH + MARGIN.top + MARGIN.bottom}
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
        >
          <title id={`${id}-title`}>Cash flows by date</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          <defs>
            <pattern
              id={hatch}
              patternUnits="userSpaceOnUse"
              width="6"
              height="6"
              patternTransform="rotate(45)"
            >
              <rect width="6" height="6" style={{ fill: 'var(--chart-principal)' }} />
              <line
                x1="0"
                y1="0"
                x2="0"
                y2="6"
                strokeWidth="2"
                style={{ stroke: 'var(--mantine-color-body)', strokeOpacity: 0.45 }}
              />
            </pattern>
          </defs>
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={MARGIN.left}
                x2={MARGIN.left + plotW}
                y1={y(tick)}
                y2={y(tick)}
                style={{ stroke: 'var(--chart-grid)' }}
              />
              <text x={MARGIN.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle">
                {compactRupees(tick)}
              </text>
            </g>
          ))}
          {flows.map((flow, i) => {
            const x = MARGIN.left + i * band + (band - barW) / 2
            const interestTop = y(flow.interest)
            const totalTop = y(flow.interest + flow.principal)
            return (
              <g key={flow.date}>
                <title>
                  {`${formatDate(flow.date)}: interest ${formatRupees(flow.interest)}, principal ${formatRupees(flow.principal)}`}
                </title>
                {flow.interest > 0 && (
                  <rect
                    x={x}
                    width={barW}
                    y={interestTop}
                    height={Math.max(1, y(0) - interestTop)}
                    style={{ fill: 'var(--chart-interest)' }}
                  />
                )}
                {flow.principal > 0 && (
                  <rect
                    x={x}
                    width={barW}
                    y={totalTop}
                    height={Math.max(1, interestTop - totalTop)}
                    fill={`url(#${hatch})`}
                  />
                )}
                {i % every === 0 && (
                  <text x={x + barW / 2} y={MARGIN.top + plotH + 16} textAnchor="middle">
                    {monthYear(flow.date)}
                  </text>
                )}
              </g>
            )
          })}
          <line
            x1={MARGIN.left}
            x2={MARGIN.left + plotW}
            y1={y(0)}
            y2={y(0)}
            style={{ stroke: 'var(--chart-axis)' }}
          />
        </svg>
      </div>
      <Group gap="md" mt={4} aria-hidden>
        <Group gap={6}>
          <span className={classes.swatch} style={{ background: 'var(--chart-interest)' }} />
          <Text size="xs">Interest</Text>
        </Group>
        <Group gap={6}>
          <svg width="12" height="12" style={{ display: 'inline' }}>
            <rect width="12" height="12" rx="2" fill={`url(#${hatch})`} />
          </svg>
          <Text size="xs">Principal</Text>
        </Group>
      </Group>
      <Text component="figcaption" size="sm" mt={4} className={classes.muted}>
        {summary}
      </Text>
    </figure>
  )
}
