// One long reply from a fast provider: about 50,000 tokens from the mock OpenAI-compatible server at full
// speed, through the page's gateway. Reports the time from send to the stored reply and the page's main-thread
// long tasks, and checks the reply was stored whole with no runtime restart. `--profile` adds where the main
// thread's time went (build with `--minify false` into `--dist <dir>` for readable names). Run by `npm run bench`.
import { launch, longTasks, pageWithEndpoint, preview, profiled, runPrompt, startMockProviders, storedEntries, summarizeLongTasks } from "./bench/browser.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
	const at = args.indexOf(name);
	return at >= 0 ? args[at + 1] : fallback;
};
const TOKENS = Number(option("--tokens", 50_000));
const RUNS = Number(option("--runs", 1));
const PORT = Number(option("--port", 4183));
const profile = args.includes("--profile");

const tokens = [];
for (let i = 0; i < TOKENS; i++) tokens.push(i % 60 === 59 ? `w${i}.\n\n` : i % 60 === 0 ? `**p${i / 60}** ` : `w${i} `);
const expected = tokens.join("");

const server = await preview(PORT, option("--dist", "dist"));
const mock = await startMockProviders();
const browser = await launch();
let failed = false;
try {
	for (let run = 0; run < RUNS; run++) {
		const { page, context } = await pageWithEndpoint(browser, server.url, mock.url);
		mock.reset();
		mock.script("openai-completions", [{ text: tokens, usage: { input: 10, output: TOKENS } }]);
		const before = (await longTasks(page)).length;
		const started = performance.now();
		const asked = () => mock.requests.some((request) => request.method === "POST");
		await profiled(page, profile, () => runPrompt(page, "Write a long answer", asked));
		const elapsed = performance.now() - started;
		const tasks = summarizeLongTasks((await longTasks(page)).slice(before));
		const entries = await storedEntries(page);
		const reply = entries.filter((entry) => entry.type === "message" && entry.message.role === "assistant").at(-1);
		const text = (reply?.message.content ?? []).map((block) => (block.type === "text" ? block.text : "")).join("");
		const restarted = (await page.getByText(/stopped responding/).count()) > 0;
		const whole = text === expected && !restarted;
		failed ||= !whole;
		console.log(
			`long reply (${TOKENS.toLocaleString("en")} tokens, full speed): ${Math.round(elapsed)} ms send→end, ${whole ? "whole" : restarted ? "CUT (runtime restarted)" : "NOT WHOLE"}; main-thread long tasks ${tasks.count} (over 100 ms ${tasks.over100}), longest ${tasks.longest} ms, ${tasks.total} ms in all`,
		);
		await context.close();
	}
} finally {
	await browser.close();
	await mock.close();
	server.close();
}
process.exit(failed ? 1 : 0);
