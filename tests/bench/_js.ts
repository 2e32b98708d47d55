import { chromium } from "@playwright/test";
import { gzipSync } from "node:zlib";
import { declineAll, encodeConsent } from "../../src/lib/consent/model.ts";
import { CONSENT_COOKIE } from "../../src/lib/constants.ts";
const base = "http://127.0.0.1:4441";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const ctx = await b.newContext();
await ctx.addCookies([{ name: CONSENT_COOKIE, value: encodeConsent(declineAll(), new Date()), url: base }]);
const p = await ctx.newPage();
const rows: [string, number][] = [];
p.on("response", async (r) => { if (r.request().resourceType() === "script") { const body = await r.body(); rows.push([r.url().replace(base, ""), gzipSync(body).length]); } });
await p.goto(base + process.argv[2], { waitUntil: "networkidle" });
await p.waitForTimeout(1500);
rows.sort((a, b) => b[1] - a[1]);
let t = 0; for (const [u, n] of rows) { t += n; console.log(String(n).padStart(7), u); }
console.log("total gzip", t, "files", rows.length);
await b.close();
