/**
 * Drive v3's search language (`q` of files.list), parsed for real: terms `field op value` and
 * `value in field`, `and` / `or` / `not`, parentheses, single-quoted strings with `\'` and `\\`
 * escapes, booleans and RFC 3339 dates. Anything else is a DriveQueryError, which the routes
 * answer as Google does: 400 `invalid` at location `q`.
 * https://developers.google.com/workspace/drive/api/guides/search-files
 */

export class DriveQueryError extends Error {
  override readonly name = 'DriveQueryError';
}

type Token =
  | { kind: 'string'; value: string }
  | { kind: 'word'; value: string }
  | { kind: 'op'; value: string }
  | { kind: 'lparen' }
  | { kind: 'rparen' };

export type Comparison = '=' | '!=' | '<' | '<=' | '>' | '>=' | 'contains';

export type QueryNode =
  | { type: 'and' | 'or'; left: QueryNode; right: QueryNode }
  | { type: 'not'; operand: QueryNode }
  | { type: 'compare'; field: string; op: Comparison; value: string | boolean }
  | { type: 'in'; field: string; value: string };

/** What a term can be evaluated against: the fields a file offers to search. */
export interface SearchableFile {
  name: string;
  mimeType: string;
  trashed: boolean;
  starred: boolean;
  parents: readonly string[];
  owners: readonly string[];
  writers: readonly string[];
  readers: readonly string[];
  modifiedTime: string;
  createdTime: string;
  fullText: string;
  sharedWithMe: boolean;
}

const STRING_FIELDS: Record<string, readonly Comparison[]> = {
  name: ['=', '!=', 'contains'],
  mimeType: ['=', '!=', 'contains'],
  fullText: ['contains'],
};
const DATE_FIELDS = new Set(['modifiedTime', 'createdTime', 'viewedByMeTime', 'sharedWithMeTime']);
const BOOLEAN_FIELDS = new Set(['trashed', 'starred', 'sharedWithMe', 'hidden']);
const COLLECTION_FIELDS = new Set(['parents', 'owners', 'writers', 'readers']);

function tokenize(q: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < q.length) {
    const ch = q[i];
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '(') {
      tokens.push({ kind: 'lparen' });
      i++;
    } else if (ch === ')') {
      tokens.push({ kind: 'rparen' });
      i++;
    } else if (ch === "'" || ch === '"') {
      const quote = ch;
      let value = '';
      i++;
      for (;;) {
        if (i >= q.length) throw new DriveQueryError('unterminated string');
        const c = q[i];
        if (c === '\\') {
          if (i + 1 >= q.length) throw new DriveQueryError('dangling escape');
          value += q[i + 1];
          i += 2;
        } else if (c === quote) {
          i++;
          break;
        } else {
          value += c;
          i++;
        }
      }
      tokens.push({ kind: 'string', value });
    } else if (ch === '!' && q[i + 1] === '=') {
      tokens.push({ kind: 'op', value: '!=' });
      i += 2;
    } else if (ch === '<' || ch === '>') {
      const two = q[i + 1] === '=';
      tokens.push({ kind: 'op', value: two ? `${ch}=` : ch });
      i += two ? 2 : 1;
    } else if (ch === '=') {
      tokens.push({ kind: 'op', value: '=' });
      i++;
    } else if (/[A-Za-z0-9_.:-]/.test(ch)) {
      let word = '';
      while (i < q.length && /[A-Za-z0-9_.:-]/.test(q[i])) word += q[i++];
      tokens.push({ kind: 'word', value: word });
    } else {
      throw new DriveQueryError(`unexpected character ${ch}`);
    }
  }
  return tokens;
}

const isKeyword = (t: Token | undefined, word: string): boolean => t?.kind === 'word' && t.value.toLowerCase() === word;

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): QueryNode {
    if (this.tokens.length === 0) throw new DriveQueryError('empty query');
    const node = this.or();
    if (this.i < this.tokens.length) throw new DriveQueryError('unexpected trailing input');
    return node;
  }

  private peek(): Token | undefined {
    return this.tokens[this.i];
  }

  private next(): Token {
    const t = this.tokens[this.i++];
    if (!t) throw new DriveQueryError('unexpected end of query');
    return t;
  }

  private or(): QueryNode {
    let left = this.and();
    while (isKeyword(this.peek(), 'or')) {
      this.i++;
      left = { type: 'or', left, right: this.and() };
    }
    return left;
  }

  private and(): QueryNode {
    let left = this.unary();
    while (isKeyword(this.peek(), 'and')) {
      this.i++;
      left = { type: 'and', left, right: this.unary() };
    }
    return left;
  }

  private unary(): QueryNode {
    if (isKeyword(this.peek(), 'not')) {
      this.i++;
      return { type: 'not', operand: this.unary() };
    }
    if (this.peek()?.kind === 'lparen') {
      this.i++;
      const inner = this.or();
      if (this.next().kind !== 'rparen') throw new DriveQueryError('missing )');
      return inner;
    }
    return this.term();
  }

  private term(): QueryNode {
    const first = this.next();
    // 'value' in collection
    if (first.kind === 'string') {
      if (!isKeyword(this.next(), 'in')) throw new DriveQueryError('expected in');
      const field = this.next();
      if (field.kind !== 'word' || !COLLECTION_FIELDS.has(field.value)) throw new DriveQueryError('unknown collection');
      return { type: 'in', field: field.value, value: first.value };
    }
    if (first.kind !== 'word') throw new DriveQueryError('expected a field');
    const field = first.value;
    const opToken = this.next();
    const op = (opToken.kind === 'op' ? opToken.value : opToken.kind === 'word' && opToken.value === 'contains' ? 'contains' : null) as Comparison | null;
    if (!op) throw new DriveQueryError('expected an operator');
    const valueToken = this.next();
    if (BOOLEAN_FIELDS.has(field)) {
      if (op !== '=' && op !== '!=') throw new DriveQueryError('bad boolean operator');
      if (valueToken.kind !== 'word' || !/^(true|false)$/i.test(valueToken.value)) throw new DriveQueryError('expected true or false');
      return { type: 'compare', field, op, value: valueToken.value.toLowerCase() === 'true' };
    }
    if (valueToken.kind !== 'string') throw new DriveQueryError('expected a quoted value');
    if (DATE_FIELDS.has(field)) {
      if (op === 'contains') throw new DriveQueryError('bad date operator');
      if (Number.isNaN(Date.parse(valueToken.value))) throw new DriveQueryError('bad date');
      return { type: 'compare', field, op, value: valueToken.value };
    }
    const allowed = STRING_FIELDS[field];
    if (!allowed || !allowed.includes(op)) throw new DriveQueryError(`unsupported ${field} ${op}`);
    return { type: 'compare', field, op, value: valueToken.value };
  }
}

export function parseDriveQuery(q: string): QueryNode {
  return new Parser(tokenize(q)).parse();
}

/**
 * Drive's `name contains` is a prefix match at word starts ("HelloWorld" matches 'Hello', not
 * 'World'); `fullText contains` matches whole words or phrases anywhere in name or content.
 */
function nameContains(name: string, value: string): boolean {
  const haystack = name.toLowerCase();
  const needle = value.toLowerCase();
  if (!needle) return true;
  for (let i = 0; i < haystack.length; i++) {
    const start = i === 0 || /[^a-z0-9]/.test(haystack[i - 1]) || /[^a-z0-9]/.test(haystack[i]);
    if (start && haystack.startsWith(needle, i)) return true;
  }
  return false;
}

function compareDates(a: string, op: Comparison, b: string): boolean {
  const x = Date.parse(a);
  const y = Date.parse(b);
  switch (op) {
    case '=':
      return x === y;
    case '!=':
      return x !== y;
    case '<':
      return x < y;
    case '<=':
      return x <= y;
    case '>':
      return x > y;
    case '>=':
      return x >= y;
    default:
      return false;
  }
}

export function matchesQuery(node: QueryNode, file: SearchableFile): boolean {
  switch (node.type) {
    case 'and':
      return matchesQuery(node.left, file) && matchesQuery(node.right, file);
    case 'or':
      return matchesQuery(node.left, file) || matchesQuery(node.right, file);
    case 'not':
      return !matchesQuery(node.operand, file);
    case 'in': {
      const collection = file[node.field as 'parents' | 'owners' | 'writers' | 'readers'];
      return collection.includes(node.value);
    }
    case 'compare': {
      const { field, op, value } = node;
      if (typeof value === 'boolean') {
        const actual = Boolean((file as unknown as Record<string, unknown>)[field]);
        return op === '=' ? actual === value : actual !== value;
      }
      if (DATE_FIELDS.has(field)) {
        const actual = (file as unknown as Record<string, string | undefined>)[field];
        return actual ? compareDates(actual, op, value) : false;
      }
      const actual = field === 'fullText' ? `${file.name}\n${file.fullText}` : (file as unknown as Record<string, string>)[field];
      if (op === 'contains') {
        if (field === 'name') return nameContains(actual, value);
        if (field === 'fullText') return actual.toLowerCase().includes(value.toLowerCase());
        return actual.includes(value);
      }
      return op === '=' ? actual === value : actual !== value;
    }
  }
}
