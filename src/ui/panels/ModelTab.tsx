/**
 * The Model tab: the model and its keys, the scripted model's steps (as a form and as JSON), and the scripted dialog
 * answers. The page loads it after its first paint (App.tsx), not with its first JavaScript.
 */
import type { ComponentProps } from "react";
import { DialogAnswersPanel } from "./DialogAnswersPanel.tsx";
import { ModelPanel } from "./ModelPanel.tsx";
import { ScriptPanel } from "./ScriptPanel.tsx";

interface Props {
	model: ComponentProps<typeof ModelPanel>;
	script: ComponentProps<typeof ScriptPanel>;
	answers: ComponentProps<typeof DialogAnswersPanel>;
}

export function ModelTab({ model, script, answers }: Props) {
	return (
		<>
			<ModelPanel {...model} />
			<ScriptPanel {...script} />
			<DialogAnswersPanel {...answers} />
		</>
	);
}
