/** The account forms' rules: field checks, refusals of the service as localized messages, the next page. */

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../src/client/index.ts";
import {
  accountPhone,
  firstErrorField,
  nextPath,
  refusalOutcome,
  validateFields,
} from "../../../src/stores/auth/forms.ts";

describe("validateFields", () => {
  it("asks for required fields and checks the filled ones with the contract's rules", () => {
    expect(
      validateFields({ firstName: " ", lastName: "Nováková", email: "jana@", password: "short", phone: "" }, [
        "firstName",
        "lastName",
        "email",
        "password",
      ]),
    ).toEqual({ firstName: "errors.required", email: "errors.email", password: "errors.password" });
    expect(
      validateFields(
        {
          firstName: "Jana",
          lastName: "Nováková",
          email: " jana@example.cz ",
          password: "dlouhé-heslo",
          phone: "+420 601 234 567",
        },
        ["firstName", "lastName", "email", "password"],
      ),
    ).toEqual({});
    expect(validateFields({ phone: "12" }, [])).toEqual({ phone: "errors.phone" });
  });

  it("passes any password of a sign-in to the service, but not an empty one", () => {
    expect(
      validateFields({ email: "jana@example.cz", password: "x" }, ["email", "password"], {
        loginPassword: true,
      }),
    ).toEqual({});
    expect(
      validateFields({ email: "", password: "" }, ["email", "password"], { loginPassword: true }),
    ).toEqual({
      email: "errors.required",
      password: "errors.required",
    });
    expect(validateFields({ accessCode: "" }, ["accessCode"])).toEqual({ accessCode: "errors.code" });
  });

  it("writes a phone number as E.164", () => {
    expect(accountPhone("+420 601-234 567")).toBe("+420601234567");
    expect(accountPhone("00421901234567")).toBe("+421901234567");
  });
});

describe("refusalOutcome", () => {
  const fields = ["email", "password"] as const;
  it("puts a wrong password beside the password field", () => {
    const error = new ApiError("invalid_credentials", 401, "Wrong e-mail or password");
    expect(refusalOutcome(error, fields, "password")).toEqual({
      fields: { password: "errors.invalidCredentials" },
      form: null,
    });
    expect(refusalOutcome(new ApiError("unauthorized", 401, "x"), fields, "password").fields.password).toBe(
      "errors.invalidCredentials",
    );
  });

  it("puts a taken e-mail beside the e-mail field, and a wrong code beside the code", () => {
    expect(refusalOutcome(new ApiError("email_taken", 409, "x"), ["email"]).fields).toEqual({
      email: "errors.emailTaken",
    });
    expect(refusalOutcome(new ApiError("conflict", 409, "x"), ["email"]).fields).toEqual({
      email: "errors.emailTaken",
    });
    expect(
      refusalOutcome(new ApiError("invalid_access_code", 400, "x"), ["accessCode"], "accessCode").fields,
    ).toEqual({
      accessCode: "errors.invalidCode",
    });
  });

  it("maps the service's field paths to their fields", () => {
    const error = new ApiError("invalid_input", 400, "x", {
      body: {
        field: "body.password",
        issues: [{ path: "body.password" }, { path: "email" }, { path: "other" }],
      },
    });
    expect(refusalOutcome(error, fields)).toEqual({
      fields: { password: "errors.password", email: "errors.email" },
      form: null,
    });
  });

  it("says rate limits, lost connections and anything else above the form, never the raw text", () => {
    expect(refusalOutcome(new ApiError("rate_limited", 429, "Too many"), fields).form).toBe(
      "errors.rateLimited",
    );
    expect(refusalOutcome(new ApiError("whatever", 429, "Too many"), fields).form).toBe("errors.rateLimited");
    expect(refusalOutcome(new ApiError("no_response", 0, "x"), fields).form).toBe("errors.network");
    expect(refusalOutcome(new ApiError("internal", 500, "stack trace"), fields).form).toBe("errors.generic");
    expect(refusalOutcome(new Error("boom"), fields).form).toBe("errors.generic");
  });

  it("has a text for every message key it can answer, in every language", () => {
    for (const locale of ["cs", "en", "de", "sk"]) {
      const auth = JSON.parse(
        readFileSync(join(import.meta.dirname, `../../../locales/${locale}/main.json`), "utf8"),
      ).auth;
      for (const key of [
        "required",
        "email",
        "password",
        "phone",
        "code",
        "invalidCredentials",
        "invalidCode",
        "emailTaken",
        "rateLimited",
        "network",
        "generic",
      ]) {
        expect(auth.errors[key], `${locale} errors.${key}`).toBeTruthy();
      }
    }
  });
});

describe("firstErrorField and nextPath", () => {
  it("finds the first field at fault in the form's order", () => {
    expect(firstErrorField(["firstName", "email", "password"], { password: "x", email: "y" })).toBe("email");
    expect(firstErrorField(["email"], {})).toBeNull();
  });

  it("goes to a path of this site, else to the account page of the locale", () => {
    expect(nextPath("/en/event/o/e/cart/?x=1", "en")).toBe("/en/event/o/e/cart/?x=1");
    expect(nextPath(null, "cs")).toBe("/account/");
    expect(nextPath("", "en")).toBe("/en/account/");
    expect(nextPath("//evil.example/x", "cs")).toBe("/account/");
    expect(nextPath("/\\evil.example/x", "cs")).toBe("/account/");
    expect(nextPath("https://evil.example/", "de")).toBe("/de/account/");
    expect(nextPath("/\t/evil.example", "cs")).toBe("/account/");
  });
});
