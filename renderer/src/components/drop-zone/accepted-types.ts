/** The extensions a file input takes, with its `accept` attribute and the list written for people. */
export interface AcceptedTypes {
  extensions: ReadonlySet<string>;
  /** ".png,.jpg,…" */
  attribute: string;
  /** "PNG, JPG, …" */
  list: string;
}

export function acceptedTypes(types: readonly string[]): AcceptedTypes {
  return {
    extensions: new Set(types),
    attribute: types.map((type) => `.${type}`).join(','),
    list: types.map((type) => type.toUpperCase()).join(', '),
  };
}

/** The lower-case extension of a file name, without the dot ('' when there is none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/** By extension; the server reads the real type from the content as well. */
export function isAccepted(file: Pick<File, 'name'>, types: AcceptedTypes): boolean {
  return types.extensions.has(extensionOf(file.name));
}
