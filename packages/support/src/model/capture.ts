// Screenshots of a report-issue context (spec section 2): every capture area the context names
// (`data-support-capture="<area>"`) is drawn with html-to-image, with each ignored area
// (`data-support-ignore`) filtered out of the copy it draws, so it is not in the image at all;
// the areas are stacked into one PNG (decision 229).
import {
  REPORT_ISSUE_CONTEXTS,
  SUPPORT_CAPTURE_ATTRIBUTE,
  SUPPORT_IGNORE_ATTRIBUTE,
  type ReportIssueContext,
} from '@bonds/domain'
import { toCanvas } from 'html-to-image'

/** Takes the screenshot of a context: a PNG, or null when none of its areas is on the page. */
export type CaptureScreenshot = (context: ReportIssueContext) => Promise<Blob | null>

/** The elements of a context's capture areas on the page, in the context's order. */
export function captureAreasOf(
  context: ReportIssueContext,
  root: ParentNode = document,
): HTMLElement[] {
  return REPORT_ISSUE_CONTEXTS[context].captureAreas.flatMap((area) => [
    ...root.querySelectorAll<HTMLElement>(`[${SUPPORT_CAPTURE_ATTRIBUTE}="${area}"]`),
  ])
}

/** Whether a node is left out of screenshots: an ignored area (its children go with it). */
export function isIgnoredArea(node: Node): boolean {
  return node instanceof Element && node.hasAttribute(SUPPORT_IGNORE_ATTRIBUTE)
}

const GAP = 16

/** The page's background, so the image looks as the page does (light or dark theme). */
function pageBackground(): string {
  const color = getComputedStyle(document.body).backgroundColor
  return color && color !== 'rgba(0, 0, 0, 0)' ? color : '#ffffff'
}

/** Draws one element into a canvas (html-to-image's `toCanvas`; tests pass their own). */
export type DrawElement = typeof toCanvas

/** A screenshot taker drawing each area with `drawElement`. */
export function screenshotTaker(drawElement: DrawElement): CaptureScreenshot {
  return async (context) => {
    const areas = captureAreasOf(context)
    if (areas.length === 0) return null
    const backgroundColor = pageBackground()
    const pixelRatio = Math.min(window.devicePixelRatio || 1, 2)
    const shots: HTMLCanvasElement[] = []
    for (const area of areas) {
      shots.push(
        await drawElement(area, {
          backgroundColor,
          pixelRatio,
          filter: (node) => !isIgnoredArea(node),
        }),
      )
    }
    const gap = GAP * pixelRatio
    const sheet = document.createElement('canvas')
    sheet.width = Math.max(...shots.map((shot) => shot.width))
    sheet.height = shots.reduce((sum, shot) => sum + shot.height, 0) + gap * (shots.length - 1)
    const draw = sheet.getContext('2d')
    if (!draw) return null
    draw.fillStyle = backgroundColor
    draw.fillRect(0, 0, sheet.width, sheet.height)
    let y = 0
    for (const shot of shots) {
      draw.drawImage(shot, 0, y)
      y += shot.height + gap
    }
    return new Promise((resolve) => sheet.toBlob((blob) => resolve(blob), 'image/png'))
  }
}

/** Screenshot of a context's capture areas on this page, without its ignored areas. */
export const captureScreenshot: CaptureScreenshot = screenshotTaker(toCanvas)
