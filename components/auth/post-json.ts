/**
 * POST a JSON body to one of the site's routes (account, follow, admin settings) and read the answer: `{ ok: true, body }` or the route's
 * error code (`ERR_…`; ERR_NETWORK when the server could not be reached, ERR_HTTP when it answered without one) and
 * the values of its sentence — never a thrown error, so forms can show it in the reader's language
 * (components/i18n/error-text.ts).
 *
 * @example
 *   const answer = await postJson("/api/account/register", { username, password });
 *   if (!answer.ok) setError({ code: answer.code, values: answer.values });
 */
import { errorOfBody, type ShownError } from "@/components/i18n/error-text";

export type PostAnswer = { readonly ok: true; readonly body: Record<string, unknown> } | ({ readonly ok: false } & ShownError);

/** `method`: POST, or DELETE for a route that undoes what its POST does (unfollowing a player). */
export async function postJson(url: string, payload: Record<string, unknown>, method: "POST" | "DELETE" = "POST"): Promise<PostAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(payload) });
  } catch {
    return { ok: false, code: "ERR_NETWORK" };
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok && body) return { ok: true, body };
  return { ok: false, ...errorOfBody(body) };
}
