// What the API answered with no body where one was required: a broken contract, not "empty".
export function required<T>(data: T | undefined, what: string): T {
  if (data === undefined) throw new Error(`The API returned no ${what}`);
  return data;
}
