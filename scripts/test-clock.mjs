// Runs a process with its clock moved to another moment, still ticking: the test suites must pass
// whatever day they run on (a weekend, a month's end, the day the clocks change). Loaded with
// `node --import ./scripts/test-clock.mjs` (or NODE_OPTIONS) when FIELDPLAN_TEST_CLOCK is set to an
// ISO instant; every child process inherits the same shift, so a test and the servers it spawns agree.
// docs/ARCHITECTURE.md, "Tests", says how CI uses it.
import http from 'node:http';

const target = process.env.FIELDPLAN_TEST_CLOCK;

if (target && !globalThis.__fieldplanTestClock) {
  const RealDate = Date;
  const targetMs = RealDate.parse(target);
  if (Number.isNaN(targetMs)) throw new Error(`FIELDPLAN_TEST_CLOCK is not an ISO instant: ${target}`);
  // The real moment the shift began, kept in the environment so that processes started later are
  // shifted by the same amount rather than each starting at the target.
  const from = Number(process.env.FIELDPLAN_TEST_CLOCK_FROM) || RealDate.now();
  process.env.FIELDPLAN_TEST_CLOCK_FROM = String(from);
  const offset = targetMs - from;
  const now = () => RealDate.now() + offset;

  function ShiftedDate(...args) {
    if (!new.target) return new RealDate(now()).toString();
    return Reflect.construct(RealDate, args.length === 0 ? [now()] : args, new.target);
  }
  ShiftedDate.prototype = RealDate.prototype;
  Object.defineProperty(ShiftedDate, 'name', { value: 'Date' });
  ShiftedDate.now = now;
  ShiftedDate.parse = RealDate.parse;
  ShiftedDate.UTC = RealDate.UTC;
  Object.defineProperty(RealDate.prototype, 'constructor', { value: ShiftedDate, writable: true, configurable: true });
  globalThis.Date = ShiftedDate;
  // Node's own HTTP server writes its Date header from the real clock; a client that corrects its
  // clock by the servers' (the S3 SDK) would then sign with the real time against a moved server.
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function emitWithMovedDate(event, ...args) {
    const response = args[1];
    if (event === 'request' && response && !response.hasHeader('date')) {
      response.setHeader('Date', new RealDate(now()).toUTCString());
    }
    return emit.call(this, event, ...args);
  };
  globalThis.__fieldplanTestClock = { target, offset };
}
