import { describe, expect, it } from 'vitest'
import { isSafari, mediaKind } from './media.ts'

const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'
const CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'

describe('media by MIME type (spec section 5)', () => {
  it('shows images and videos inline, other files as files', () => {
    expect(mediaKind('image/png')).toBe('image')
    expect(mediaKind('video/mp4')).toBe('video')
    expect(mediaKind('application/pdf')).toBe('file')
  })

  it('treats QuickTime as video on Safari only', () => {
    expect(isSafari(SAFARI)).toBe(true)
    expect(isSafari(CHROME)).toBe(false)
    expect(mediaKind('video/quicktime', SAFARI)).toBe('video')
    expect(mediaKind('video/quicktime', CHROME)).toBe('file')
  })
})
