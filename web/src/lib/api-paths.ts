// The API's path types. The generated web/src/api/schema.d.ts (`npm run gen:api`) is the source;
// until it exists this file carries a hand-written subset for the calls the shell makes, shaped
// like openapi-typescript's output so switching is a one-line change.
export interface paths {
  "/api/notifications/": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: {
      parameters: {
        query?: { limit?: number; offset?: number; include_read?: boolean };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: {
          headers: Record<string, unknown>;
          content: {
            "application/json": {
              data: Array<{ notification_id: number; title: string; description: string; created_at: string; read_at: string | null }>;
            };
          };
        };
      };
    };
  };
}
