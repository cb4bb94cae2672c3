// The PDFs' typeface: DejaVu Sans Condensed, committed in apps/api/assets/fonts with its licence and
// provenance. It draws the rupee sign and the screen's punctuation, which the PDF standard fonts
// cannot (decision 111). Read once per process; each PDF embeds only the glyphs it uses.
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const REGULAR = 'DejaVuSansCondensed.ttf'
const BOLD = 'DejaVuSansCondensed-Bold.ttf'

/** The font files of the PDFs. */
export interface ReportFonts {
  regular: Uint8Array
  bold: Uint8Array
}

/** The folder holding the font files, from src/ or from the bundled dist/. */
export function fontsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 8; i += 1) {
    const candidate = join(dir, 'assets', 'fonts')
    if (existsSync(join(candidate, REGULAR))) return candidate
    dir = dirname(dir)
  }
  throw new Error(`apps/api/assets/fonts/${REGULAR} not found`)
}

let loading: Promise<ReportFonts> | undefined

/** The PDFs' font files, read on first use. */
export function reportFonts(): Promise<ReportFonts> {
  loading ??= (async () => {
    const dir = fontsDir()
    const [regular, bold] = await Promise.all([
      readFile(join(dir, REGULAR)),
      readFile(join(dir, BOLD)),
    ])
    return { regular, bold }
  })().catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}
