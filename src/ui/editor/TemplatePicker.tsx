/** "New extension…": the templates as a list; picking one hands its id on. */
import { TEMPLATES } from "./templates.ts";

export function TemplatePicker({ disabled, onPick }: { disabled?: boolean; onPick(id: string): void }) {
	return (
		<select aria-label="New extension" value="" disabled={disabled} onChange={(event) => event.target.value && onPick(event.target.value)}>
			<option value="">New extension…</option>
			{TEMPLATES.map((template) => (
				<option key={template.id} value={template.id}>
					{template.title}
				</option>
			))}
		</select>
	);
}
