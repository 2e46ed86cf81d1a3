// One authenticated call to the app's API, as the web makes it (bearer token, JSON body), for test
// and script set-up that builds data without clicking: the parsed answer, or an error naming the status.
export async function apiCall<T>(appUrl: string, token: string, method: string, route: string, body?: unknown): Promise<T> {
  const res = await fetch(`${appUrl}${route}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route}: HTTP ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}
