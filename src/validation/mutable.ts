/** `T` with its `readonly` removed: for a value filled field by field on a hot path before it is handed out. */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };
