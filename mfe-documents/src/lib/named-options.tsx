/** The `<option>`s of a select over the user's categories, tags or portfolios (id → name). */
export function NamedOptions({ items }: { items: ReadonlyArray<{ id: string; name: string }> | undefined }) {
  return (
    <>
      {(items ?? []).map((item) => (
        <option key={item.id} value={item.id}>
          {item.name}
        </option>
      ))}
    </>
  );
}
