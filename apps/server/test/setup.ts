// Runs before each server test file (vitest.config.ts). Password hashes at the production work factor
// were most of the server tests' time; the factor is the only thing that changes (src/lib/crypto.ts).
import { useTestPasswordWorkFactor } from '../src/lib/crypto.js';

useTestPasswordWorkFactor();
