// Starting up: from navigation to a ready composer (an empty playground, five fresh loads), and from saying yes
// to 20 TypeScript extensions named by a link until all 20 are loaded (three fresh loads), with the renderers'
// memory once ready. Run by `npm run bench`, which builds first.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { descendants, launch, median, preview, staticFiles, usage } from "./bench/browser.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
	const at = args.indexOf(name);
	return at >= 0 ? args[at + 1] : fallback;
};
const PORT = Number(option("--port", 4185));
const EXTENSIONS = 20;

const dir = mkdtempSync(join(tmpdir(), "playa-bench-start-"));
mkdirSync(join(dir, "ext"));
for (let i = 0; i < EXTENSIONS; i++) {
	writeFileSync(
		join(dir, "ext", `ext-${i}.ts`),
		`import { Type } from "@earendil-works/pi-ai";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

interface Counter { calls: number }
const counter: Counter = { calls: 0 };

export default function (pi: ExtensionAPI) {
	pi.registerTool({
		name: "tool_${i}",
		label: "Tool ${i}",
		description: "Extension ${i}'s tool",
		parameters: Type.Object({ text: Type.String() }),
		async execute(_id: string, params: { text: string }) {
			counter.calls++;
			return { content: [{ type: "text" as const, text: params.text.toUpperCase() }], details: { calls: counter.calls } };
		},
	});
	pi.on("tool_call", () => undefined);
	pi.registerCommand("cmd-${i}", { description: "Command ${i}", handler: async (_args: string, ctx) => ctx.ui.notify("${i}", "info") });
}
`,
	);
}

const server = await preview(PORT, option("--dist", "dist"));
const files = await staticFiles(join(dir, "ext"));
const browser = await launch();
const renderers = () => usage(descendants(process.pid), /--type=renderer/).rss;
try {
	const ready = [];
	const memory = [];
	for (let run = 0; run < 5; run++) {
		const context = await browser.newContext();
		const page = await context.newPage();
		await page.goto(server.url);
		await page.locator('.app[data-phase="ready"]').waitFor({ timeout: 60_000 });
		// The moment the page says it is ready, on its own clock from navigation.
		ready.push(await page.evaluate(() => performance.now()));
		memory.push(renderers());
		await context.close();
	}
	console.log(
		`start → ready (empty playground): median ${Math.round(median(ready))} ms of 5 (min ${Math.round(Math.min(...ready))}, max ${Math.round(Math.max(...ready))}; budget 1000 ms); renderers' memory once ready ${Math.round(median(memory) / 2 ** 20)} MB`,
	);

	const loads = [];
	for (let run = 0; run < 3; run++) {
		const context = await browser.newContext();
		const page = await context.newPage();
		const query = Array.from({ length: EXTENSIONS }, (_, i) => `ext=${encodeURIComponent(`${files.url}/ext-${i}.ts`)}`).join("&");
		await page.goto(`${server.url}?${query}`);
		const yes = page.getByRole("dialog", { name: "Run extensions from this link?" }).getByRole("button", { name: "Run extensions" });
		await yes.waitFor();
		const started = performance.now();
		await yes.click();
		await page.waitForFunction(
			(count) => document.querySelectorAll('li[aria-label^="Extension "].loaded').length >= count && document.querySelector('.app[data-phase="ready"]'),
			EXTENSIONS,
			{ timeout: 120_000 },
		);
		loads.push(performance.now() - started);
		const failed = await page.locator('li[aria-label^="Extension "].failed').count();
		if (failed > 0) throw new Error(`${failed} of the ${EXTENSIONS} extensions failed to load`);
		await context.close();
	}
	console.log(
		`${EXTENSIONS} TypeScript extensions: all loaded ${Math.round(median(loads))} ms after consent (median of 3; min ${Math.round(Math.min(...loads))}, max ${Math.round(Math.max(...loads))}; budget 300 ms)`,
	);
} finally {
	await browser.close();
	files.close();
	server.close();
	rmSync(dir, { recursive: true, force: true });
}
