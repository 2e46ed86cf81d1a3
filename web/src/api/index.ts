// The founder's data layer (spec §4, §7, §9), shared by the creation flow and the edit screens.
export * from "./calls";
export * from "./queries";
export * from "./mutations";
export * from "@/hooks/use-save-flow";
