// An answer's curve: a scatter of yield against years to maturity, drawn as SVG (points linked to
// their security pages, each with its name and figures as a title).
import type { MindChart } from '@bonds/domain'
import { Stack, Text } from '@mantine/core'

const WIDTH = 560
const HEIGHT = 220
const PAD = 36

/** The curve of an answer. */
export function CurveChart({ chart }: { chart: MindChart }) {
  const xs = chart.points.map((p) => p.x)
  const ys = chart.points.map((p) => p.y)
  const [x0, x1] = [Math.min(0, ...xs), Math.max(1, ...xs)]
  const [y0, y1] = [Math.min(...ys), Math.max(...ys)]
  const sx = (x: number) => PAD + ((x - x0) / (x1 - x0 || 1)) * (WIDTH - 2 * PAD)
  const sy = (y: number) => HEIGHT - PAD - ((y - y0) / (y1 - y0 || 1)) * (HEIGHT - 2 * PAD)
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {chart.title}
      </Text>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-label={`${chart.yLabel} against years to maturity, ${chart.points.length} bonds`}
        data-testid="mind-chart"
      >
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
        {chart.points.map((p) => (
          <a key={p.id} href={`/security/${encodeURIComponent(p.id)}`}>
            <circle cx={sx(p.x)} cy={sy(p.y)} r={3} fill="var(--mantine-color-blue-filled)">
              <title>{`${p.name}: ${p.y}% at ${p.x} years`}</title>
            </circle>
          </a>
        ))}
      </svg>
    </Stack>
  )
}
