/** Saves `value` as a JSON file named `name` in the admin's browser. */
export const saveJsonFile = (name: string, value: unknown) => {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }));
  Object.assign(document.createElement('a'), { href: url, download: name }).click();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};
