const SELECT = /^\s*select\b/i;

/** Whether a statement is a plain SELECT (what the read memo and the embedded engine's prepared reads take as a read). */
export function isSelect(sql: string): boolean {
  return SELECT.test(sql);
}
