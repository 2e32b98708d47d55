/**
 * The debugger's print-label form (spec §2, `lib/print-label.ts`): label type, inventory id, number, name,
 * the device number for devices and the debug flag. A refused field shows its problem beside it
 * (`aria-describedby`, `aria-invalid`) and takes the focus; typed values stay. The built label can be copied
 * to the clipboard; the outcome of copying is announced.
 */
import { type FormEvent, useId, useState } from "react";
import type { DictionaryT } from "../../lib/i18n/dictionary-t.ts";
import {
  PRINT_LABEL_MAX_DEVICE,
  PRINT_LABEL_MAX_NUMBER,
  PRINT_LABEL_TYPES,
  type PrintLabelField,
  type PrintLabelProblem,
  printLabel,
} from "../../lib/print-label.ts";

type Errors = Partial<Record<PrintLabelField, PrintLabelProblem>>;

/** The order fields are checked and focused in. */
const FIELDS: readonly PrintLabelField[] = ["type", "inventoryId", "number", "name", "deviceNumber"];

const INPUT =
  "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 aria-invalid:border-red-700";
const BUTTON = "inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold";

/** A typed whole number, NaN for anything else (the label's rules refuse it). */
function typedNumber(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** The print-label form. */
export function LabelForm({ t }: { t: DictionaryT }) {
  const id = useId();
  const [values, setValues] = useState({
    type: "ticket",
    inventoryId: "",
    number: "1",
    name: "",
    deviceNumber: "",
  });
  const [debug, setDebug] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [label, setLabel] = useState<string | null>(null);
  const [copyState, setCopyState] = useState<"idle" | "copied" | "failed">("idle");
  const isDevice = values.type === "device";
  const fieldId = (field: PrintLabelField) => `${id}-${field}`;
  const set = (field: keyof typeof values) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((old) => ({ ...old, [field]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCopyState("idle");
    const result = printLabel({
      type: values.type,
      inventoryId: values.inventoryId,
      number: typedNumber(values.number),
      name: values.name,
      deviceNumber:
        isDevice && values.deviceNumber.trim() !== "" ? typedNumber(values.deviceNumber) : undefined,
      debug,
    });
    if (result.ok) {
      setErrors({});
      setLabel(result.label);
      return;
    }
    setErrors(result.errors);
    setLabel(null);
    const first = FIELDS.find((field) => result.errors[field]);
    if (first) queueMicrotask(() => document.getElementById(fieldId(first))?.focus());
  };

  const copy = async () => {
    if (label === null) return;
    try {
      await navigator.clipboard.writeText(label);
      setCopyState("copied");
    } catch {
      setCopyState("failed");
    }
  };

  const problem = (field: PrintLabelField) => {
    const kind = errors[field];
    if (!kind) return undefined;
    const max = field === "deviceNumber" ? PRINT_LABEL_MAX_DEVICE : PRINT_LABEL_MAX_NUMBER;
    return t(`label.errors.${field}${kind[0]?.toUpperCase()}${kind.slice(1)}`, { max });
  };
  const describe = (field: PrintLabelField) => ({
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${fieldId(field)}-error` : undefined,
  });
  const errorText = (field: PrintLabelField) => {
    const text = problem(field);
    return text ? (
      <p id={`${fieldId(field)}-error`} className="mt-1 text-sm text-red-700">
        {text}
      </p>
    ) : null;
  };
  const textField = (field: "inventoryId" | "number" | "name" | "deviceNumber", numeric = false) => (
    <div>
      <label htmlFor={fieldId(field)} className="block text-sm font-medium text-slate-800">
        {t(`label.${field}`)}
      </label>
      <input
        id={fieldId(field)}
        name={field}
        type="text"
        inputMode={numeric ? "numeric" : undefined}
        autoComplete="off"
        spellCheck={false}
        className={INPUT}
        value={values[field]}
        onChange={set(field)}
        {...describe(field)}
      />
      {errorText(field)}
    </div>
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-2" data-debugger-label-form>
      <div>
        <label htmlFor={fieldId("type")} className="block text-sm font-medium text-slate-800">
          {t("label.type")}
        </label>
        <select
          id={fieldId("type")}
          name="type"
          className={INPUT}
          value={values.type}
          onChange={set("type")}
          {...describe("type")}
        >
          {PRINT_LABEL_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`label.types.${type}`)}
            </option>
          ))}
        </select>
        {errorText("type")}
      </div>
      {textField("inventoryId")}
      {textField("number", true)}
      {textField("name")}
      {isDevice && textField("deviceNumber", true)}
      <div className="flex items-center gap-2 sm:col-span-2">
        <input
          id={`${id}-debug`}
          type="checkbox"
          className="size-5 accent-brand-700"
          checked={debug}
          onChange={(event) => setDebug(event.currentTarget.checked)}
        />
        <label htmlFor={`${id}-debug`} className="text-sm text-slate-800">
          {t("label.debug")}
        </label>
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className={`${BUTTON} bg-brand-700 text-white hover:bg-brand-800`}>
          {t("label.build")}
        </button>
      </div>
      {label !== null && (
        <div className="sm:col-span-2">
          <p className="text-sm font-medium text-slate-800" id={`${id}-result`}>
            {t("label.result")}
          </p>
          <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-start">
            <output
              aria-labelledby={`${id}-result`}
              className="block flex-1 break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900"
              data-debugger-label
            >
              {label}
            </output>
            <button
              type="button"
              onClick={() => void copy()}
              className={`${BUTTON} border border-slate-400 bg-white text-slate-800 hover:bg-slate-50`}
            >
              {t("label.copy")}
            </button>
          </div>
          <p role="status" className="mt-1 text-sm text-slate-700" data-debugger-copy-status>
            {copyState === "copied" ? t("label.copied") : copyState === "failed" ? t("label.copyFailed") : ""}
          </p>
        </div>
      )}
    </form>
  );
}
