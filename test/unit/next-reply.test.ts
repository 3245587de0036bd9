// The scripted model read aloud (src/ui/transcript/next-reply.ts): the next reply, the last step played.
import { describe, expect, it } from "vitest";
import { describeLastReply, describeNextReply, formatArguments, repliesOnBranch } from "../../src/ui/transcript/next-reply.ts";

const script = [{ text: "Let me greet you.", toolCalls: [{ name: "greet", arguments: { name: "Ada" } }] }, { text: "Greeted." }, { error: "rate limited" }];

describe("the next scripted reply", () => {
	it("says what the step does", () => {
		expect(describeNextReply(script, 0)).toBe('Next reply (step 1 of 3): says "Let me greet you.", then calls greet {name: "Ada"}');
		expect(describeNextReply(script, 1)).toBe('Next reply (step 2 of 3): says "Greeted."');
		expect(describeNextReply(script, 2)).toBe('Next reply (step 3 of 3): fails with "rate limited"');
		expect(describeNextReply([{}], 0)).toBe("Next reply (step 1 of 1): says nothing");
	});

	it("says when the script has run out, as the scripted model does", () => {
		expect(describeNextReply(script, 3)).toBe("The script has no more replies: the model will say it has no step 4. Add steps on the Model tab.");
		expect(describeNextReply([], 0)).toContain("no step 1");
	});

	it("names the step the last reply played", () => {
		expect(describeLastReply(script, 0)).toBeUndefined();
		expect(describeLastReply(script, 2)).toBe("Last reply: step 2 of 3");
		expect(describeLastReply(script, 4)).toBe("Last reply: past the script's end (step 4; it has 3)");
	});

	it("keeps arguments short and plain", () => {
		expect(formatArguments({ "a-b": 1, ok: [true] })).toBe('{"a-b": 1, ok: [true]}');
		expect(describeNextReply([{ text: "x".repeat(200) }], 0).length).toBeLessThan(120);
		expect(describeNextReply([{ text: "<b>hi</b>" }], 0)).toContain('"<b>hi</b>"');
	});

	it("counts the assistant replies on the branch", () => {
		const user = { type: "message", message: { role: "user" } };
		const assistant = { type: "message", message: { role: "assistant" } };
		expect(repliesOnBranch([user, assistant, { type: "model_change" }, assistant])).toBe(2);
	});
});
