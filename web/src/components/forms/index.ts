// Form building blocks shared by the creation steps and the edit screens (one source of truth for
// the §5 forms; the rules themselves live in the contract).
export * from "./use-zod-form";
export * from "./form-controls";
export * from "./profile-fields";
export * from "./foundation-fields";
export * from "./daf-fields";
export * from "./owner-email-dialog";
