// Handing a downloaded file to the browser, under the server's name.
import type { DownloadedFile } from '@bonds/api-client'

/** Hand a downloaded file to the browser under the server's name (else `fallbackName`). */
export function saveFile(file: DownloadedFile, fallbackName: string): string {
  const name = file.fileName ?? fallbackName
  const url = URL.createObjectURL(file.blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // The browser has taken the file once click() returns; keep the URL a moment for slow ones.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
  return name
}
