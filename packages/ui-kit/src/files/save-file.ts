// Handing a file to the browser under a name: a document or attachment the API sent, a report
// the screen built (CSV, XLSX, PDF). One way for every package.

/** A file as the API client hands it over: its bytes and the name the server gave, if any. */
export interface SavableFile {
  blob: Blob
  fileName: string | null
}

/** Save `blob` as a file called `name`. */
export function saveBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob)
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
}

/** Save a file under the server's name (else `fallbackName`); answers the name used. */
export function saveFile(file: SavableFile, fallbackName: string): string {
  const name = file.fileName ?? fallbackName
  saveBlob(name, file.blob)
  return name
}

/** Save `text` as a file called `name` of type `type` (CSV by default, with a byte-order mark so
 * spreadsheet programs read ₹ and names as UTF-8). */
export function saveText(name: string, text: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(name, new Blob(['\uFEFF', text], { type }))
}

/** Save `bytes` as a file called `name` of type `type`. */
export function saveBytes(name: string, bytes: Uint8Array, type: string): void {
  saveBlob(name, new Blob([bytes as Uint8Array<ArrayBuffer>], { type }))
}
