/**
 * On-sale benchmark on a PostgreSQL server: many buyers at once for ONE hot ticket type. The service runs in
 * its own process (as in production) against a throwaway PostgreSQL cluster; buyers are concurrent HTTP
 * clients that each create orders (`order-create`, one ticket, card) until the ticket type is sold out,
 * then keep trying for a while (those attempts must be refused). Prints orders per second while stock
 * lasts, latency percentiles of successful and refused attempts, and the number oversold, read from the
 * database (must be 0). Run: `npm run bench:onsale` (BENCH_STOCK, BENCH_BUYERS, BENCH_PER_ORDER, and
 * BENCH_PROCESSES: several service processes on the one database, buyers spread over them as a load
 * balancer would).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import postgres from "postgres";
import { DEMO_TERMS_VERSION } from "../../src/pass-service/catalog/demo/legal.ts";
import { createTestDatabase, startTestPostgres } from "../support/postgres.ts";

const ROOT = join(import.meta.dirname, "../..");
const stock = Number(process.env.BENCH_STOCK ?? 3000);
const buyers = Number(process.env.BENCH_BUYERS ?? 64);
const perOrder = Number(process.env.BENCH_PER_ORDER ?? 1);
const processes = Number(process.env.BENCH_PROCESSES ?? 1);
const FESTIVAL = "73434e4b-7a31-55cd-93fc-e38fc8629c67";

/** Starts `npm run pass -- serve` on the database in a child process and waits for /health. */
async function startService(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(process.execPath, [join(ROOT, "scripts/pass.ts"), "serve"], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PASS_PORT: String(port),
      LOG_LEVEL: "error",
      CHECK_RESPONSES: "false",
      PAYMENT_SECRET: "bench-payment-secret-0123456789abcdef",
      // Every buyer of the benchmark comes from this machine's one address.
      RATE_LIMIT: "off",
      // The buyers pay by card: the test gateway takes it.
      PAYMENT_PROVIDERS: "test",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, child };
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error("the service did not start");
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

const pg = await startTestPostgres();
if (!pg) {
  console.error("PostgreSQL binaries were not found (apt-get install -y postgresql); nothing to measure.");
  process.exit(1);
}
const databaseUrl = await createTestDatabase(pg.adminUrl, `onsale_${Date.now()}`);
const services = [await startService(databaseUrl)];
for (let i = 1; i < processes; i++) services.push(await startService(databaseUrl));
const url = services[0]?.url as string;
const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
try {
  const catalog = (await (
    await fetch(`${url}/api/ticket-types-extra-products?eventId=${FESTIVAL}`)
  ).json()) as {
    ticketTypes: { ticketTypeId: string; namePub: string }[];
  };
  const hot = catalog.ticketTypes[1];
  if (!hot) throw new Error("the demo festival has no ticket types");
  await sql`update ticket_types set capacity = ${stock}, sold = 0, max_per_order = 10, min_per_order = 1,
    sales_from = null, sales_to = null where ticket_type_id = ${hot.ticketTypeId}`;

  const body = JSON.stringify({
    eventId: FESTIVAL,
    items: [{ ticketTypeId: hot.ticketTypeId, count: perOrder }],
    buyer: {
      firstName: "Jan",
      lastName: "Novák",
      email: "jan@example.cz",
      phone: "+420777123456",
      countryId: 1,
    },
    termsAccepted: true,
    termsVersion: DEMO_TERMS_VERSION,
    paymentMethodId: 1,
    language: "cs",
  });
  const okMs: number[] = [];
  const refusedMs: number[] = [];
  let other = 0;
  let soldOutAt = 0;
  const started = performance.now();
  let refusalsAfterSoldOut = 0;
  const buyer = async (index: number) => {
    const base = services[index % services.length]?.url as string;
    // Each buyer tries until the stock is gone and a few refusals more.
    while (refusalsAfterSoldOut < buyers * 5) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/order-create`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      const json = (await res.json()) as { errorText: string };
      const ms = performance.now() - t0;
      if (res.status === 200) okMs.push(ms);
      else if (json.errorText === "ERROR_SOLD_OUT") {
        refusedMs.push(ms);
        if (soldOutAt === 0) soldOutAt = performance.now();
        refusalsAfterSoldOut++;
      } else other++;
    }
  };
  await Promise.all(Array.from({ length: buyers }, (_, i) => buyer(i)));
  const sellingSeconds = ((soldOutAt || performance.now()) - started) / 1000;

  const [counted] = await sql<{ sold: number; capacity: number }[]>`
    select capacity, sold from ticket_types where ticket_type_id = ${hot.ticketTypeId}`;
  const [lines] = await sql<{ units: string }[]>`
    select coalesce(sum(l.count), 0) as units from order_lines l join orders o on o.order_id = l.order_id
    where l.ticket_type_id = ${hot.ticketTypeId} and o.status in ('created', 'pendingPayment', 'paid')`;
  const unitsSold = Number(lines?.units ?? 0);
  okMs.sort((a, b) => a - b);
  refusedMs.sort((a, b) => a - b);
  const all = [...okMs, ...refusedMs].sort((a, b) => a - b);
  const f = (n: number) => `${n.toFixed(1)} ms`;
  console.log(`\nOn-sale on PostgreSQL: one ticket type, ${stock} tickets, ${perOrder} per order`);
  console.log(`buyers (concurrent clients)   ${buyers}`);
  console.log(`service processes             ${processes}`);
  console.log(`orders created                ${okMs.length}`);
  console.log(`orders per second (selling)   ${(okMs.length / sellingSeconds).toFixed(0)}`);
  console.log(`sold out after                ${sellingSeconds.toFixed(2)} s`);
  console.log(`latency, all attempts         p50 ${f(percentile(all, 50))}   p99 ${f(percentile(all, 99))}`);
  console.log(
    `latency, successful orders    p50 ${f(percentile(okMs, 50))}   p99 ${f(percentile(okMs, 99))}`,
  );
  console.log(
    `latency, sold-out refusals    p50 ${f(percentile(refusedMs, 50))}   p99 ${f(percentile(refusedMs, 99))}`,
  );
  console.log(`other errors                  ${other}`);
  console.log(
    `units in orders / capacity    ${unitsSold} / ${counted?.capacity}   (sold counter ${counted?.sold})`,
  );
  console.log(`oversold                      ${Math.max(0, unitsSold - (counted?.capacity ?? 0))}`);
} finally {
  await sql.end({ timeout: 5 });
  for (const { child } of services) {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
  await pg.stop();
}
