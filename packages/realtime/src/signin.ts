import { userAuthText, verifySocketAuth } from './auth.js';
import { isRecord } from './channels/admission.js';
import { admitAwaitingSignIn } from './channels/subscriptions.js';
import type { Connection, SignedInUser } from './connection.js';
import type { ServerContext } from './context.js';
import { CloseCode, ErrorCode } from './protocol/codes.js';
import { frames } from './protocol/messages.js';

/**
 * `pusher:signin` with `user_data` and `auth` = `key:HMAC(socket_id::user::user_data)`. A wrong signature
 * closes with 4009 (as Pusher and soketi do): it is a forged or misconfigured sign-in, which a retry
 * can't fix. The signature is verified before `user_data` is parsed.
 */
export async function signIn(ctx: ServerContext, conn: Connection, data: unknown): Promise<void> {
  const userData = isRecord(data) ? data.user_data : undefined;
  const auth = isRecord(data) ? data.auth : undefined;
  if (
    typeof userData !== 'string' ||
    !verifySocketAuth(auth, ctx.key, ctx.secret, userAuthText(conn.socketId, userData))
  ) {
    conn.sendError(CloseCode.Unauthorized, 'Invalid signature for pusher:signin');
    conn.close(CloseCode.Unauthorized, 'Invalid signature for pusher:signin');
    return;
  }
  const user = parseUser(userData, ctx.limits.maxUserInfoBytes);
  if ('code' in user) {
    conn.sendError(user.code, user.message);
  } else if (conn.user && conn.user.id !== user.id) {
    conn.sendError(ErrorCode.SigninRejected, `Already signed in as ${conn.user.id}`);
  } else if (ctx.hub.terminatedSince(user.id, conn)) {
    // Its authorization may predate the termination (a socket that waited to sign in): terminated too.
    conn.sendError(CloseCode.Unauthorized, 'Connection terminated');
    conn.close(CloseCode.Unauthorized, 'Connection terminated');
  } else {
    conn.user = user;
    ctx.hub.signIn(user.id, conn);
    conn.send(frames.signinSuccess(userData));
    await admitAwaitingSignIn(ctx, conn);
  }
}

/** The signed `user_data`: a string `id` and a `user_info` no larger than `maxInfoBytes` of JSON. */
function parseUser(userData: string, maxInfoBytes: number): SignedInUser | { code: number; message: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(userData);
  } catch {
    return { code: ErrorCode.SigninRejected, message: 'user_data is not JSON' };
  }
  const id = isRecord(parsed) ? parsed.id : undefined;
  if (typeof id !== 'string' || id === '')
    return { code: ErrorCode.SigninRejected, message: 'user_data needs a string id' };
  const info = isRecord(parsed) ? (parsed.user_info ?? null) : null;
  if (Buffer.byteLength(JSON.stringify(info)) > maxInfoBytes) {
    return { code: ErrorCode.UserInfoTooLarge, message: `user_info is larger than ${maxInfoBytes} bytes` };
  }
  return { id, userData, info };
}
