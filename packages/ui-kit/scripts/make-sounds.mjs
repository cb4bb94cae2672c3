// Writes the two short notification sounds (16-bit mono WAV, 22.05 kHz) the toasts play.
// Generated here rather than downloaded, so their provenance is this script.
// usage: node scripts/make-sounds.mjs
import { writeFileSync } from 'node:fs'

const RATE = 22050

function wav(samples) {
  const data = Buffer.alloc(samples.length * 2)
  samples.forEach((s, i) =>
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), i * 2),
  )
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVE', 8)
  header.write('fmt ', 12)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(RATE, 24)
  header.writeUInt32LE(RATE * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

/** Tones in sequence: [frequency Hz, seconds]; a soft attack and decay on each. */
function tones(parts, volume = 0.35) {
  const out = []
  for (const [freq, seconds] of parts) {
    const n = Math.round(RATE * seconds)
    for (let i = 0; i < n; i += 1) {
      const envelope = Math.min(1, i / (RATE * 0.005)) * Math.exp((-4 * i) / n)
      out.push(volume * envelope * Math.sin((2 * Math.PI * freq * i) / RATE))
    }
  }
  return out
}

const dir = new URL('../src/assets/', import.meta.url)
writeFileSync(
  new URL('success.wav', dir),
  wav(
    tones([
      [880, 0.09],
      [1318.5, 0.14],
    ]),
  ),
)
writeFileSync(
  new URL('error.wav', dir),
  wav(
    tones([
      [330, 0.12],
      [247, 0.18],
    ]),
  ),
)
