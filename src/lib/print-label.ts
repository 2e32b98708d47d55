/**
 * Print labels (spec §2): the string a label printer receives for one piece of inventory. The spec names
 * its parts (label type, inventory id, number, name without diacritics, a device number for devices, an
 * optional debug flag); this module fixes the format:
 *
 * ```
 * <TYPE>|<inventory id>|<number>|<name>[|<device number>][|DEBUG]
 * TICKET|3f2b8c1e-5a7d-4e21-9c3b-0d6f1a2b3c4d|12|Vstupenka Louka Open Air
 * DEVICE|9a0c…|3|Pokladna u vchodu|7|DEBUG
 * ```
 *
 * - TYPE is one of `PRINT_LABEL_TYPES` in upper case: ticket, product (an extra product), chip (an NFC chip
 *   or wristband) and device (a cash register, scanner or other terminal).
 * - The inventory id is a UUID, written in lower case.
 * - The number is a whole number from 1 to `PRINT_LABEL_MAX_NUMBER` (which piece of that inventory).
 * - The name loses its diacritics (`withoutDiacritics`: ř → r, ů → u, ľ → l, ô → o, ä → a, ü → u, ß → ss,
 *   ł → l, đ → d); any other character outside printable ASCII becomes `?`, runs of white space one space,
 *   and the result is trimmed and cut to `PRINT_LABEL_MAX_NAME` characters. A `|` in the name is written
 *   `\|` and a backslash `\\`, so the separator never splits a field. A name that is empty afterwards is
 *   refused.
 * - The device number (1 to `PRINT_LABEL_MAX_DEVICE`) follows the name on device labels only: a device
 *   label without one is refused, as is a device number on any other label.
 * - `DEBUG` is the last field when the label is printed for testing a printer, not for use.
 */
import { withoutDiacritics } from "./text.ts";
import { isUuid } from "./validation/uuid.ts";

/** Kinds of labels, as the printer's first field names them (upper case). */
export const PRINT_LABEL_TYPES = ["ticket", "product", "chip", "device"] as const;

/** A kind of label. */
export type PrintLabelType = (typeof PRINT_LABEL_TYPES)[number];

/** The separator of the fields. */
export const PRINT_LABEL_SEPARATOR = "|";

/** The highest piece number of one inventory. */
export const PRINT_LABEL_MAX_NUMBER = 999_999;

/** The highest device number. */
export const PRINT_LABEL_MAX_DEVICE = 9_999;

/** The longest name after folding, before escaping. */
export const PRINT_LABEL_MAX_NAME = 64;

/** The flag of a label printed for testing. */
const DEBUG_FLAG = "DEBUG";

/** What a label is made from. */
export interface PrintLabelInput {
  type: string;
  inventoryId: string;
  number: number;
  name: string;
  /** Devices only. */
  deviceNumber?: number | undefined;
  debug?: boolean | undefined;
}

/** A field of {@link PrintLabelInput} that can be refused. */
export type PrintLabelField = "type" | "inventoryId" | "number" | "name" | "deviceNumber";

/** Why a field is refused: missing, of a wrong form, or not allowed on this type of label. */
export type PrintLabelProblem = "missing" | "invalid" | "notAllowed";

/** The label, or every refused field with its problem. */
export type PrintLabelResult =
  | { ok: true; label: string }
  | { ok: false; errors: Partial<Record<PrintLabelField, PrintLabelProblem>> };

/** True when `value` names a label type. */
export function isPrintLabelType(value: unknown): value is PrintLabelType {
  return typeof value === "string" && (PRINT_LABEL_TYPES as readonly string[]).includes(value);
}

/** The name as a label prints it: no diacritics, printable ASCII, one space between words, at most 64 characters. */
export function printLabelName(name: string): string {
  return withoutDiacritics(name)
    .replace(/[^\x20-\x7e\s]/gu, "?")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, PRINT_LABEL_MAX_NAME)
    .trim();
}

/** A name with the separator and the escape character escaped. */
function escapeField(text: string): string {
  return text.replace(/[\\|]/g, (char) => `\\${char}`);
}

/** True for a whole number from 1 to `max`. */
function inRange(value: number | undefined, max: number): boolean {
  return value !== undefined && Number.isInteger(value) && value >= 1 && value <= max;
}

/** Builds a print label, or tells which fields are refused and why. */
export function printLabel(input: PrintLabelInput): PrintLabelResult {
  const errors: Partial<Record<PrintLabelField, PrintLabelProblem>> = {};
  const type = input.type.trim().toLowerCase();
  if (type === "") errors.type = "missing";
  else if (!isPrintLabelType(type)) errors.type = "invalid";

  const inventoryId = input.inventoryId.trim().toLowerCase();
  if (inventoryId === "") errors.inventoryId = "missing";
  else if (!isUuid(inventoryId)) errors.inventoryId = "invalid";

  if (!inRange(input.number, PRINT_LABEL_MAX_NUMBER)) errors.number = "invalid";

  const name = printLabelName(input.name);
  if (name === "") errors.name = "missing";

  const device = input.deviceNumber;
  if (type === "device") {
    if (device === undefined) errors.deviceNumber = "missing";
    else if (!inRange(device, PRINT_LABEL_MAX_DEVICE)) errors.deviceNumber = "invalid";
  } else if (device !== undefined && isPrintLabelType(type)) {
    errors.deviceNumber = "notAllowed";
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const fields = [type.toUpperCase(), inventoryId, String(input.number), escapeField(name)];
  if (device !== undefined) fields.push(String(device));
  if (input.debug) fields.push(DEBUG_FLAG);
  return { ok: true, label: fields.join(PRINT_LABEL_SEPARATOR) };
}
