/**
 * Text whose `backticked` parts are shown as code. The parts are React text, never HTML made from the string; a
 * backtick left without its pair is shown as it is.
 */
export function InlineCode({ text }: { text: string }) {
	const parts = text.split("`");
	const paired = parts.length % 2 === 1 ? parts : [...parts.slice(0, -2), `${parts.at(-2)}\`${parts.at(-1)}`];
	return <>{paired.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>;
}
