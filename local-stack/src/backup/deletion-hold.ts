/**
 * While a backup copies stored objects, the bytes of objects deleted or replaced after its database
 * snapshot must stay: the snapshot still names them. Object bytes are immutable per version
 * (ADR 0197), so holding deletions back for the copy's duration is all the consistency needed.
 * Keyed by the stack's configuration object: one hold per running stack.
 */
interface Hold {
  holders: number;
  deferred: Array<() => Promise<void>>;
}

const holds = new WeakMap<object, Hold>();

/** Starts holding deletions for `owner`; the returned function releases the hold and runs what waited. */
export function holdDeletions(owner: object): () => Promise<void> {
  const hold = holds.get(owner) ?? { holders: 0, deferred: [] };
  hold.holders++;
  holds.set(owner, hold);
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    hold.holders--;
    if (hold.holders > 0) return;
    const waiting = hold.deferred.splice(0);
    for (const run of waiting) await run();
  };
}

/** Runs `remove` now, or after the backups under way for `owner` have copied their objects. */
export async function deleteUnlessHeld(owner: object, remove: () => Promise<void>): Promise<void> {
  const hold = holds.get(owner);
  if (hold && hold.holders > 0) hold.deferred.push(remove);
  else await remove();
}
