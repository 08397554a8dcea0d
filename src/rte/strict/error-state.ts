/**
 * The API's last error, owned by the strict front and never by the engine: GetLastError,
 * GetErrorString and GetDiagnostic read it and never change it.
 */
const MAX_DIAGNOSTIC = 255;

export class ErrorState {
  private code = '0';
  private diagnostic = '';

  constructor(private readonly strings: Readonly<Record<string, string>>) {}

  get last(): string {
    return this.code;
  }

  ok(): void {
    this.code = '0';
    this.diagnostic = '';
  }

  set(code: string, diagnostic: string): void {
    this.code = code;
    this.diagnostic =
      diagnostic.length > MAX_DIAGNOSTIC ? `${diagnostic.slice(0, MAX_DIAGNOSTIC - 3)}...` : diagnostic;
  }

  /** Records an error; returns what a failed call returns ("false"). */
  fail(code: string, diagnostic: string): string {
    this.set(code, diagnostic);
    return 'false';
  }

  /** Records an error; returns what a failed GetValue returns (""). */
  failValue(code: string, diagnostic: string): string {
    this.set(code, diagnostic);
    return '';
  }

  /** Clears the error; returns what a successful call returns ("true"). */
  succeed(): string {
    this.ok();
    return 'true';
  }

  /** The diagnostic of the last error when asked for it (or with no code); the code's text otherwise. */
  diagnose(code: unknown): string {
    if (code === '' || code === undefined || code === null || code === this.code) {
      return this.code === '0' ? '' : this.diagnostic;
    }
    return typeof code === 'string' && Object.hasOwn(this.strings, code) ? (this.strings[code] ?? '') : '';
  }
}
