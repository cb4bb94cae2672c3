// An answer's curve: a scatter of yield against years to maturity, drawn as SVG (decision 281:
// `@mantine/charts` is not in the workspace's offline store, so the SVG stays). The drawing is a
// group named by its caption and described by a summary (its range); each point is a link to its
// security page, named by its bond and figures, reachable by keyboard; the answer's table beside it
// lists every point as text.
import type { MindChart } from '@bonds/domain'
import { Stack, Text } from '@mantine/core'
import { useId } from 'react'

const WIDTH = 560
const HEIGHT = 220
const PAD = 36

const fixed = (n: number) => String(Math.round(n * 100) / 100)

/** The curve's range in words: what a screen reader hears after the caption. */
export function curveSummary(chart: MindChart, withTable: boolean): string {
  const xs = chart.points.map((p) => p.x)
  const ys = chart.points.map((p) => p.y)
  const n = chart.points.length
  const range = `${n} bond${n === 1 ? '' : 's'} from ${fixed(Math.min(...xs))} to ${fixed(Math.max(...xs))} years to maturity; yields from ${fixed(Math.min(...ys))}% to ${fixed(Math.max(...ys))}%.`
  return withTable ? `${range} The table below lists every point.` : range
}

/** The curve of an answer; `withTable` says the answer's table lists its points. */
export function CurveChart({
  chart,
  withTable = false,
}: {
  chart: MindChart
  withTable?: boolean
}) {
  const captionId = useId()
  const summaryId = useId()
  const xs = chart.points.map((p) => p.x)
  const ys = chart.points.map((p) => p.y)
  const [x0, x1] = [Math.min(0, ...xs), Math.max(1, ...xs)]
  const [y0, y1] = [Math.min(...ys), Math.max(...ys)]
  const sx = (x: number) => PAD + ((x - x0) / (x1 - x0 || 1)) * (WIDTH - 2 * PAD)
  const sy = (y: number) => HEIGHT - PAD - ((y - y0) / (y1 - y0 || 1)) * (HEIGHT - 2 * PAD)
  return (
    <Stack gap={2} component="figure" m={0}>
      <Text size="xs" c="dimmed" component="figcaption" id={captionId}>
        {chart.title}: {chart.yLabel} against years to maturity
      </Text>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="group"
        aria-labelledby={captionId}
        aria-describedby={summaryId}
        data-testid="mind-chart"
      >
        <g aria-hidden="true">
          <line
            x1={PAD}
            y1={HEIGHT - PAD}
            x2={WIDTH - PAD}
            y2={HEIGHT - PAD}
            stroke="currentColor"
            opacity={0.4}
          />
          <line x1={PAD} y1={PAD} x2={PAD} y2={HEIGHT - PAD} stroke="currentColor" opacity={0.4} />
          <text x={PAD} y={HEIGHT - 8} fontSize={11} fill="currentColor">
            {x0.toFixed(0)} y
          </text>
          <text x={WIDTH - PAD} y={HEIGHT - 8} fontSize={11} fill="currentColor" textAnchor="end">
            {x1.toFixed(0)} years to maturity
          </text>
          <text x={4} y={PAD} fontSize={11} fill="currentColor">
            {y1.toFixed(2)}%
          </text>
          <text x={4} y={HEIGHT - PAD} fontSize={11} fill="currentColor">
            {y0.toFixed(2)}%
          </text>
        </g>
        {chart.points.map((p) => (
          <a
            key={p.id}
            href={`/security/${encodeURIComponent(p.id)}`}
            aria-label={`${p.name}: ${p.y}% at ${p.x} years`}
          >
            <circle cx={sx(p.x)} cy={sy(p.y)} r={3} fill="var(--mantine-color-blue-filled)">
              <title>{`${p.name}: ${p.y}% at ${p.x} years`}</title>
            </circle>
          </a>
        ))}
      </svg>
      <Text size="xs" c="dimmed" id={summaryId}>
        {curveSummary(chart, withTable)}
      </Text>
    </Stack>
  )
}
