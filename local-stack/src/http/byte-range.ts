import rangeParser from 'range-parser';

/** An inclusive byte range, as HTTP's `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * A single `Range: bytes=…` request against a body of `size` bytes (RFC 9110 §14), read by
 * `range-parser` (Express's): the inclusive range, 'unsatisfiable' (answer 416), or null to send
 * everything — absent, malformed or multi-range headers, which Supabase Storage and Google Drive
 * both answer with the whole body. Storage's objects and the Drive emulator's media share it.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  // Only well-formed byte range sets reach the parser: it reads "bytes=x" as unsatisfiable, where
  // HTTP lets a server ignore a header it cannot parse (and the stores do).
  if (!header || !/^bytes=\s*(\d*-\d*\s*,\s*)*\d*-\d*\s*$/.test(header.trim())) return null;
  const ranges = rangeParser(size, header.trim());
  if (ranges === -1) return 'unsatisfiable';
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return null;
  return { start: ranges[0].start, end: ranges[0].end };
}
