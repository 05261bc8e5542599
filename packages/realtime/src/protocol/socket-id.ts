import { randomInt } from 'node:crypto';

// crypto.randomInt needs max - min < 2^48; two such numbers give ~94 bits, so a socket id can't be guessed.
const MAX = 2 ** 47;

/** A new socket id shaped `\d+\.\d+`, from the CSPRNG. */
export function newSocketId(): string {
  return `${randomInt(1, MAX)}.${randomInt(1, MAX)}`;
}

export const SOCKET_ID_PATTERN = /^\d+\.\d+$/;
