import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "/work/wt-finish/scripts/chromium.mjs";
const browser = await chromium.launch(chromiumLaunchOptions());
const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
await page.goto("http://localhost:4710/zz-host.html");
await page.waitForTimeout(25000);
await page.screenshot({ path: "/tmp/fin/embed.png" });
console.log(JSON.stringify(await page.evaluate(() => window.ev.map((e) => e.type + ":" + (e.text ?? e.message ?? "")))));
await browser.close();
