/**
 * One final, unmasked WebSocket text frame (RFC 6455 §5.2) around `payload`, as a server sends it.
 * A broadcast encodes its frame once with this and writes the same buffer to every subscriber's socket,
 * instead of `ws` building a header per socket and writing header and payload as two chunks.
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const head = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + length);
  frame[0] = 0x81; // FIN + text
  if (head === 2) frame[1] = length;
  else if (head === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, head);
  return frame;
}
