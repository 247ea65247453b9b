/** PostgREST's error body: always these four keys, missing ones as null. */
export interface PgrstErrorBody {
  code: string;
  message: string;
  /** Text, or (PGRST201) the list of candidate relationships, as PostgREST sends them. */
  details: string | unknown[] | null;
  hint: string | null;
}

export function pgrstError(code: string, message: string, details: string | unknown[] | null = null, hint: string | null = null): PgrstErrorBody {
  return { code, message, details, hint };
}

/** An error the REST layer answers with directly (status + PostgREST body). */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly body: PgrstErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.name = 'RestError';
  }
}
