/** The body of a request as text, or why it could not be read. */
export type BodyText =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly reason: 'too_large' | 'not_utf8' };

const utf8 = new TextDecoder('utf-8', { fatal: true });
const tooLarge: BodyText = { ok: false, reason: 'too_large' };
const empty: BodyText = { ok: true, text: '' };

/** True when a Content-Length header already tells that the body is over the limit. */
export function declaredTooLarge(contentLength: string | null | undefined, maxBytes: number): boolean {
  const declared = Number(contentLength);
  return contentLength != null && Number.isFinite(declared) && declared > maxBytes;
}

/**
 * The body limit, shared by every way of reading a body: chunks are counted as they arrive, and
 * the first byte over `maxBytes` refuses the body whatever Content-Length claimed.
 */
export interface BodyChunks {
  /** Adds a chunk; false once the body is over the limit (its chunks are then dropped). */
  add(chunk: Uint8Array): boolean;
  /** The body read so far as text, or why it is refused. */
  text(): BodyText;
}

/** {@link BodyChunks} under `maxBytes`. */
export function bodyChunks(maxBytes: number): BodyChunks {
  const chunks: Uint8Array[] = [];
  let total = 0;
  return {
    add(chunk) {
      if (total > maxBytes) return false;
      total += chunk.byteLength;
      if (total > maxBytes) {
        chunks.length = 0;
        return false;
      }
      chunks.push(chunk);
      return true;
    },
    text() {
      if (total > maxBytes) return tooLarge;
      if (chunks.length === 0) return empty;
      return decodeUtf8(chunks.length === 1 ? chunks[0]! : concat(chunks, total));
    },
  };
}

/** Reads the body of a `Request` under the limit of {@link BodyChunks}. Bytes that are not UTF-8 are refused. */
export async function readBodyText(request: Request, maxBytes: number): Promise<BodyText> {
  if (declaredTooLarge(request.headers.get('content-length'), maxBytes)) return tooLarge;
  if (request.body === null) return empty;
  const reader = request.body.getReader();
  const chunks = bodyChunks(maxBytes);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!chunks.add(value)) {
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  return chunks.text();
}

/** The bytes as text, or a refusal when they are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): BodyText {
  try {
    return { ok: true, text: utf8.decode(bytes) };
  } catch {
    return { ok: false, reason: 'not_utf8' };
  }
}

function concat(chunks: readonly Uint8Array[], total: number): Uint8Array {
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** True for `application/json`, with or without parameters such as a charset. */
export function isJsonContentType(header: string | null): boolean {
  if (header === null) return false;
  const semicolon = header.indexOf(';');
  const mediaType = (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase();
  return mediaType === 'application/json';
}
