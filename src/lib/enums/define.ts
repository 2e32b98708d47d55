/** Locales in which every enumeration label exists. */
export const ENUM_LOCALES = ["cs", "sk", "en", "de"] as const;

/** A locale in which enumeration labels exist. */
export type EnumLocale = (typeof ENUM_LOCALES)[number];

/** Locale used when a label is asked for in a locale that has no labels (Czech, the default language). */
export const DEFAULT_ENUM_LOCALE: EnumLocale = "cs";

/** Ids above this value count as custom values unless an enumeration says otherwise. */
export const CUSTOM_ID_THRESHOLD = 1000;

/** Text of one label in every enumeration locale. */
export type Labels = { readonly [L in EnumLocale]: string };

/** Fields every enumeration entry has: numeric id, stable key and labels. */
export interface EnumEntry {
  readonly id: number;
  readonly key: string;
  readonly label: Labels;
}

/** Map from the key of each entry to its id, e.g. `chipType.id.VIP === 3`. */
export type EnumIdMap<E extends EnumEntry> = { readonly [P in E as P["key"]]: P["id"] };

/** A value for a select box built from an enumeration. */
export interface EnumOption<Id extends number = number> {
  readonly value: Id;
  readonly label: string;
}

/** Label shown when an enumeration value is not set. */
export const UNKNOWN_LABEL: Labels = { cs: "Neznámé", sk: "Neznáme", en: "Unknown", de: "Unbekannt" };

/** Error thrown when an enumeration is asked for a value it does not have. */
export class UnknownEnumValueError extends Error {
  /** Name of the enumeration that was asked. */
  readonly enumName: string;
  /** The id or key that does not exist. */
  readonly value: unknown;

  constructor(enumName: string, value: unknown) {
    super(`Unknown value ${JSON.stringify(value) ?? String(value)} of enumeration ${enumName}`);
    this.name = "UnknownEnumValueError";
    this.enumName = enumName;
    this.value = value;
  }
}

/** Options of `defineEnum`. */
export interface DefineEnumOptions {
  /** Ids above this count as custom when not defined; `null` means the enumeration has no custom values. */
  readonly customThreshold?: number | null;
}

/** A defined enumeration: its entries in display order and lookups by id and key. */
export interface EnumDefinition<E extends EnumEntry> {
  /** Name of the enumeration as written in the spec, e.g. `chipType`. */
  readonly name: string;
  /** All entries in display order. */
  readonly entries: readonly E[];
  /** All ids in display order. */
  readonly ids: readonly E["id"][];
  /** Id of each key. */
  readonly id: EnumIdMap<E>;
  /** Ids above this count as custom when not defined, or `null` when there are no custom values. */
  readonly customThreshold: number | null;
  /** Entry with this id; throws `UnknownEnumValueError` when there is none. */
  get(id: number): E;
  /** Entry with this id, or `undefined`. */
  find(id: number | null | undefined): E | undefined;
  /** Entry with this key; throws `UnknownEnumValueError` when there is none. */
  getByKey(key: string): E;
  /** Whether an entry with this id exists. */
  has(id: unknown): id is E["id"];
  /** Whether the id is a custom value: not defined here and above the custom threshold. */
  isCustom(id: number): boolean;
  /** Label of the id in the locale; the unknown label when the id is not set; throws when the id does not exist. */
  label(id: number | null | undefined, locale?: string | null): string;
  /** Select-box options in display order, labelled in the locale. */
  options(locale?: string | null): EnumOption<E["id"]>[];
}

/** Locale whose labels to show for a requested locale such as `en-GB`; falls back to Czech. */
export function resolveEnumLocale(locale: string | null | undefined): EnumLocale {
  const base = (locale ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return (ENUM_LOCALES as readonly string[]).includes(base) ? (base as EnumLocale) : DEFAULT_ENUM_LOCALE;
}

/** Text of the labels in the locale (falling back to Czech). */
export function pickLabel(labels: Labels, locale?: string | null): string {
  return labels[resolveEnumLocale(locale)];
}

/** Whether the id counts as a custom value: an integer above the threshold (1000 by default). */
export function isCustomId(id: number, threshold: number = CUSTOM_ID_THRESHOLD): boolean {
  return Number.isSafeInteger(id) && id > threshold;
}

/** Defines an enumeration from its entries; throws when ids or keys repeat or a label is missing. */
export function defineEnum<const E extends readonly EnumEntry[]>(
  name: string,
  entries: E,
  options: DefineEnumOptions = {},
): EnumDefinition<E[number]> {
  type Entry = E[number];
  const byId = new Map<number, Entry>();
  const byKey = new Map<string, Entry>();
  const idMap: Record<string, number> = {};
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.id) || entry.id <= 0) {
      throw new Error(`Enumeration ${name}: id ${entry.id} is not a positive integer`);
    }
    if (byId.has(entry.id)) throw new Error(`Enumeration ${name}: id ${entry.id} repeats`);
    if (entry.key === "" || byKey.has(entry.key)) {
      throw new Error(`Enumeration ${name}: key "${entry.key}" is empty or repeats`);
    }
    for (const locale of ENUM_LOCALES) {
      if (typeof entry.label[locale] !== "string" || entry.label[locale].trim() === "") {
        throw new Error(`Enumeration ${name}: id ${entry.id} has no ${locale} label`);
      }
    }
    byId.set(entry.id, entry);
    byKey.set(entry.key, entry);
    idMap[entry.key] = entry.id;
  }
  const customThreshold =
    options.customThreshold === undefined ? CUSTOM_ID_THRESHOLD : options.customThreshold;
  const list: readonly Entry[] = Object.freeze([...entries]);
  const ids: readonly Entry["id"][] = Object.freeze(list.map((entry) => entry.id));

  const get = (id: number): Entry => {
    const entry = byId.get(id);
    if (entry === undefined) throw new UnknownEnumValueError(name, id);
    return entry;
  };

  return Object.freeze({
    name,
    entries: list,
    ids,
    id: Object.freeze(idMap) as EnumIdMap<Entry>,
    customThreshold,
    get,
    find: (id: number | null | undefined) => (id == null ? undefined : byId.get(id)),
    getByKey: (key: string): Entry => {
      const entry = byKey.get(key);
      if (entry === undefined) throw new UnknownEnumValueError(name, key);
      return entry;
    },
    has: (id: unknown): id is Entry["id"] => typeof id === "number" && byId.has(id),
    isCustom: (id: number) => customThreshold !== null && !byId.has(id) && isCustomId(id, customThreshold),
    label: (id: number | null | undefined, locale?: string | null) =>
      id == null ? pickLabel(UNKNOWN_LABEL, locale) : pickLabel(get(id).label, locale),
    options: (locale?: string | null) =>
      list.map((entry) => ({ value: entry.id, label: pickLabel(entry.label, locale) })),
  });
}
