/**
 * The change-password form: the current password, the new one (the contract's `Password` rule) and its
 * confirmation, checked into the body of `account.changePassword`.
 */
import { Password } from "../../contract/account.ts";

/** Fields of the change-password form. */
export type PasswordField = "currentPassword" | "newPassword" | "confirmPassword";

/** What is wrong with a password field: empty, too short or long, not the same twice, or not the account's. */
export type PasswordProblem = "required" | "tooShort" | "tooLong" | "mismatch" | "wrong";

/** The change-password form as typed. */
export interface PasswordDraft {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The body of `account.changePassword`, or the problem of each field that stops it. */
export function checkPasswordChange(
  draft: PasswordDraft,
):
  | { body: { currentPassword: string; newPassword: string }; errors: null }
  | { body: null; errors: Partial<Record<PasswordField, PasswordProblem>> } {
  const errors: Partial<Record<PasswordField, PasswordProblem>> = {};
  if (draft.currentPassword === "") errors.currentPassword = "required";
  const parsed = Password.safeParse(draft.newPassword);
  if (draft.newPassword === "") errors.newPassword = "required";
  else if (!parsed.success) {
    errors.newPassword = parsed.error.issues.some((i) => i.code === "too_big") ? "tooLong" : "tooShort";
  }
  if (draft.confirmPassword === "") errors.confirmPassword = "required";
  else if (draft.confirmPassword !== draft.newPassword) errors.confirmPassword = "mismatch";
  if (Object.keys(errors).length > 0) return { body: null, errors };
  return { body: { currentPassword: draft.currentPassword, newPassword: draft.newPassword }, errors: null };
}
