// How a file message shows (spec section 5): images and videos by MIME type, inline; on Safari
// (not Chrome) a QuickTime file plays as video too; everything else is a file to download.

/** How a file shows. */
export type MediaKind = 'image' | 'video' | 'file'

/** Safari and not Chrome (Chrome's user agent names Safari too). */
export function isSafari(userAgent: string): boolean {
  return /Safari\//.test(userAgent) && !/(Chrome|Chromium|CriOS|Edg)\//.test(userAgent)
}

/** The kind of a file by its MIME type, for this browser. */
export function mediaKind(mimeType: string, userAgent = ''): MediaKind {
  const type = mimeType.toLowerCase()
  if (type.startsWith('image/')) return 'image'
  if (type === 'video/quicktime') return isSafari(userAgent) ? 'video' : 'file'
  if (type.startsWith('video/')) return 'video'
  return 'file'
}
