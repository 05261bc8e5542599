import * as rruleModule from 'rrule';

type RRuleModule = typeof rruleModule;

// Node (tsx, Vitest, the bundled server) resolves rrule to its UMD build, whose exports sit under
// `default`; bundlers (Vite) resolve its ESM build with named exports. Accept both.
// (Read through Reflect so bundlers don't warn about a `default` the ESM build lacks.)
const interop = Reflect.get(rruleModule, 'default') as RRuleModule | undefined;
const lib: RRuleModule = interop?.RRule ? interop : rruleModule;

export const RRule = lib.RRule;
export type RRule = InstanceType<RRuleModule['RRule']>;
export type RRuleOptions = ConstructorParameters<RRuleModule['RRule']>[0];
