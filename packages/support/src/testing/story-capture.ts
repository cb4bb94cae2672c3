// A stand-in screenshot for stories: a small drawn "calculator" (a real capture needs the page).
import type { CaptureScreenshot } from '../model/capture.ts'

/** A capture that draws a sample section, or none. */
export function storyCapture(kind: 'drawn' | 'none' = 'drawn'): CaptureScreenshot {
  return async () => {
    if (kind === 'none') return null
    const canvas = document.createElement('canvas')
    canvas.width = 480
    canvas.height = 200
    const draw = canvas.getContext('2d')
    if (!draw) return null
    draw.fillStyle = '#ffffff'
    draw.fillRect(0, 0, 480, 200)
    draw.fillStyle = '#1c7ed6'
    draw.font = '20px sans-serif'
    draw.fillText('Price and yield', 16, 36)
    draw.fillStyle = '#212529'
    draw.font = '16px sans-serif'
    draw.fillText('Yield 6.5400%   Clean price 99.5000', 16, 84)
    draw.fillText('Settles 27-Nov-2026 (T+1)', 16, 120)
    return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'))
  }
}
