// One authenticated call to the app's API as the web makes it, for set-up that builds data without
// clicking: the parsed answer, or an error naming the status.
import { call } from "./http";

export async function apiCall<T>(
  appUrl: string,
  token: string,
  method: string,
  route: string,
  body?: unknown,
): Promise<T> {
  const res = await call(appUrl, method, route, { token, body });
  if (res.status < 200 || res.status >= 300) throw new Error(`${method} ${route}: HTTP ${res.status} ${res.text}`);
  return (res.text ? JSON.parse(res.text) : undefined) as T;
}
