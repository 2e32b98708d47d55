/**
 * The header's session entry for a signed-in visitor: loaded by the header's tiny script only when the
 * marker cookie exists (anonymous visitors load none of this), it turns the "Sign in" link into the
 * account's name linking to the account with a "Sign out" button beside it, and back when the session ends.
 */
import { $session, signOut } from "../../stores/session.ts";

/** Keeps the header's `[data-session-entry]` link in step with the session. */
export function showSessionEntry(): void {
  const link = document.querySelector<HTMLAnchorElement>("[data-session-entry]");
  if (!link) return;
  const signedOut = { href: link.getAttribute("href") ?? "", text: link.textContent ?? "" };
  const button = document.querySelector<HTMLButtonElement>("[data-session-signout]");
  button?.addEventListener("click", () => {
    button.disabled = true;
    void signOut().finally(() => {
      button.disabled = false;
    });
  });
  $session.subscribe((session) => {
    if (session.status === "authenticated" && session.account) {
      const name = `${session.account.firstName} ${session.account.lastName}`.trim() || session.account.email;
      link.href = link.dataset.accountHref ?? signedOut.href;
      link.textContent = name;
      link.setAttribute("aria-label", (link.dataset.accountLabel ?? "{{name}}").replace("{{name}}", name));
      link.dataset.sessionState = "authenticated";
      if (button) button.hidden = false;
    } else {
      link.href = signedOut.href;
      link.textContent = signedOut.text;
      link.removeAttribute("aria-label");
      link.dataset.sessionState = session.status;
      if (button) button.hidden = true;
    }
  });
}
