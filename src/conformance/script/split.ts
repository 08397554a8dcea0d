/** Java `String.split` on a literal separator: trailing empty fields are dropped. */
export function javaSplit(text: string, separator: string): string[] {
  const fields = text.split(separator);
  while (fields.length > 1 && fields[fields.length - 1] === '') fields.pop();
  // Java returns [""] for "" but drops everything when all fields are empty ("->->" gives []).
  if (fields.length === 1 && fields[0] === '' && text !== '') return [];
  return fields;
}
