/** An area's Albanian catalogue has exactly the keys of its English one (TypeScript checks both ways). */
export type Translation<T> = { readonly [K in keyof T]: string };
