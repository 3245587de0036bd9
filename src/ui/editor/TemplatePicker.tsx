/**
 * "New extension…": the kit's menu button over the templates. The arrow keys (and Home, End, a first letter) move
 * through them and Enter or Space picks one; Escape or Tab leaves without picking. A native select could not do
 * this: its arrow keys change the value, which picked (and wrote) the first template at once.
 */
import { FilePlus } from "../design/kit/icons.ts";
import { Menu } from "../design/kit/Menu.tsx";
import { TEMPLATES } from "./templates.ts";

const ITEMS = TEMPLATES.map((template) => ({ id: template.id, label: template.title }));

export function TemplatePicker({ disabled, onPick }: { disabled?: boolean; onPick(id: string): void }) {
	return (
		<Menu
			label="Extension templates"
			button="New extension…"
			buttonLabel="New extension"
			icon={<FilePlus />}
			items={ITEMS}
			onSelect={onPick}
			disabled={disabled}
			className="template-picker"
		/>
	);
}
