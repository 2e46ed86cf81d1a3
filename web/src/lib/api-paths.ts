// The API's path types, generated from the app's OpenAPI document into web/src/api/schema.d.ts
// (`npm run gen:api`). Re-exported here so the client has one import to follow.
export type { paths } from "@/api/schema";
