import { z } from 'zod';

// Zod compiles object parsers with `new Function` where eval is allowed, and finds out by calling
// Function() once. The Content-Security-Policy allows no eval, so that probe is a policy violation
// on every page: tell zod up front to interpret instead (fast enough for forms and API answers).
// Imported first by each entry, before anything parses.
z.config({ jitless: true });
