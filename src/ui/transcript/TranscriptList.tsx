/**
 * The transcript's virtualized list, anchored at its end like a chat: it opens at the latest item
 * (painted in the first frame, no hidden settling pass), new output is followed while the reader is
 * at the end, and earlier history arriving above (a long session loads its latest entries first)
 * keeps the rows in view where they are.
 */
import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useLayoutEffect, useMemo, useRef, type ReactNode } from "react";
import "./transcript.css";

/** A guess for rows not measured yet; each row is measured once rendered. */
const ESTIMATED_ROW_HEIGHT = 120;
/** How close to the end (px) still counts as reading the latest output. */
const END_THRESHOLD = 80;

/**
 * A new list (another session, another branch) opens at its own end; earlier history put in front
 * of the same list, or items appended to it, keep the list.
 */
function useListIdentity(items: { key: string }[]): number {
	const seen = useRef({ first: items[0]?.key, generation: 0 });
	const { first } = seen.current;
	if (items[0]?.key !== first) {
		const sameList = first !== undefined && items.some((item) => item.key === first);
		seen.current = { first: items[0]?.key, generation: seen.current.generation + (sameList ? 0 : 1) };
	}
	return seen.current.generation;
}

interface ListProps<T> {
	items: T[];
	render: (item: T) => ReactNode;
	/** A guess at an item's height before it is drawn: rows far taller than guessed take many passes to settle. */
	estimateSize?: (item: T) => number;
}

function EndAnchoredRows<T extends { key: string }>({ items, render, estimateSize }: ListProps<T>) {
	const scroller = useRef<HTMLDivElement>(null);
	const getItemKey = useCallback((index: number) => items[index].key, [items]);
	// Each guess is made once per item: the list measures again from the top whenever it grows, and asks for the
	// guess of every row not drawn yet, so guessing afresh each time cost as much as the session is long.
	const guesses = useMemo(() => new WeakMap<T, number>(), [estimateSize]);
	const estimate = useCallback(
		(index: number) => {
			if (!estimateSize) return ESTIMATED_ROW_HEIGHT;
			const item = items[index];
			let guess = guesses.get(item);
			if (guess === undefined) {
				guess = estimateSize(item);
				guesses.set(item, guess);
			}
			return guess;
		},
		[items, estimateSize, guesses],
	);
	const virtualizer = useVirtualizer({
		count: items.length,
		getScrollElement: () => scroller.current,
		estimateSize: estimate,
		// Start the first render at the end, so the latest rows are the ones drawn and measured first.
		initialOffset: () => {
			let total = 0;
			for (let index = 0; index < items.length; index++) total += estimate(index);
			return total;
		},
		getItemKey,
		anchorTo: "end",
		followOnAppend: true,
		scrollEndThreshold: END_THRESHOLD,
		overscan: 6,
	});
	useLayoutEffect(() => {
		virtualizer.scrollToEnd();
	}, [virtualizer]);
	return (
		<div ref={scroller} className="transcript-list">
			<div className="transcript-rows" style={{ height: virtualizer.getTotalSize() }}>
				{virtualizer.getVirtualItems().map((row) => (
					<div
						key={row.key}
						ref={virtualizer.measureElement}
						data-index={row.index}
						className="transcript-row"
						style={{ transform: `translateY(${row.start}px)` }}
					>
						{render(items[row.index])}
					</div>
				))}
			</div>
		</div>
	);
}

export function TranscriptList<T extends { key: string }>(props: ListProps<T>) {
	const generation = useListIdentity(props.items);
	return <EndAnchoredRows key={generation} {...props} />;
}
