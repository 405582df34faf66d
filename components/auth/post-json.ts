/**
 * POST a JSON body to one of the site's account routes and read the answer: `{ ok: true, body }` or the route's
 * error message, or a network failure as a message — never a thrown error, so forms can show it.
 *
 * @example
 *   const answer = await postJson("/api/account/register", { username, password });
 *   if (!answer.ok) setError(answer.message);
 */
export type PostAnswer = { readonly ok: true; readonly body: Record<string, unknown> } | { readonly ok: false; readonly message: string };

export async function postJson(url: string, payload: Record<string, unknown>): Promise<PostAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(payload) });
  } catch {
    return { ok: false, message: "The server could not be reached; check your connection and try again." };
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok && body) return { ok: true, body };
  const message = typeof body?.message === "string" ? body.message : `The server answered ${response.status}; please try again.`;
  return { ok: false, message };
}
