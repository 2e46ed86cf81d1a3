// The founder's data layer (requirements §4, §7, §9): one file per resource, each with its calls, query
// key and hooks. Screens import from here; the notifications and admin-user files are imported
// directly by the one place each is used (their code stays out of the shared chunk).
export * from "./account";
export * from "./all-data";
export * from "./daf";
export * from "./enums";
export * from "./founder-data";
export * from "./identity";
export * from "./mutations";
export * from "./organization-users";
export * from "./organizations";
export * from "./owners";
export * from "./persons";
export * from "./strategies";
