// Allow rules a command or skill brings (a command's `allowed-tools`, a skill's folder) are narrower
// than the user's own: they never cover a file that usually holds secrets, and a project's never
// reach outside the workspace or into $TACK_HOME. Pure: judged on where the call's paths really are.
import { isInside } from '../../../tools/fs/paths.js';
import type { RealLocation } from '../../../tools/fs/real-path.js';
import type { Rule } from './rules.js';
import { secretMatch } from './secrets.js';

/** `workspace`: a project's command; `as-written`: the user's own command, or a skill's own folder. */
export type GrantReach = 'workspace' | 'as-written';

export interface ExtensionGrant {
  rules: readonly Rule[];
  reach: GrantReach;
}

export interface ReachContext {
  cwd: string;
  home: string;
  tackHome?: string;
}

/** Whether rules of this reach may decide a call that touches these paths (every one must be in reach). */
export function inReach(reach: GrantReach, paths: readonly RealLocation[], ctx: ReachContext): boolean {
  return paths.every((where) => {
    const spellings = where.real === where.absolute ? [where.real] : [where.absolute, where.real];
    if (spellings.some((p) => secretMatch(p, ctx.home))) return false;
    if (reach === 'as-written') return true;
    const inTackHome = ctx.tackHome !== undefined && spellings.some((p) => isInside(ctx.tackHome!, p));
    return where.inside && isInside(ctx.cwd, where.absolute) && !inTackHome;
  });
}

/** The allow rules of the grants that reach every path of the call. */
export function reachingRules(grants: readonly ExtensionGrant[], paths: readonly RealLocation[], ctx: ReachContext): Rule[] {
  return grants.filter((g) => inReach(g.reach, paths, ctx)).flatMap((g) => g.rules);
}
