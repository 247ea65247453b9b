import { ERROR_SCREEN_TITLES, USER_MESSAGES } from '../messages';
import { classifyError, errorScreenTitle } from './classify-error';
import { ContractVersionError, HttpError, OfflineError, RemoteLoadError, TimeoutError, UnsupportedFeatureError, ValidationError } from './error-classes';

const setOnline = (online: boolean) => Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });

describe('classifyError (SPEC §8)', () => {
  afterEach(() => setOnline(true));

  it.each([
    [401, 'authentication', USER_MESSAGES.unauthorized, false],
    [403, 'permission', USER_MESSAGES.forbidden, false],
    [404, 'client', USER_MESSAGES.clientError, false],
    [422, 'client', USER_MESSAGES.clientError, false],
    [429, 'client', USER_MESSAGES.clientError, true],
    [500, 'server', USER_MESSAGES.serverError, true],
    [503, 'server', USER_MESSAGES.serverError, true],
  ])('HTTP %i is %s with its SPEC message', (status, type, userMessage, retryable) => {
    const classified = classifyError(new HttpError(status));
    expect(classified).toMatchObject({ type, userMessage, retryable, code: status });
  });

  it('reads the status of supabase-js errors and fetch-like responses', () => {
    expect(classifyError({ message: 'JWT expired', status: 401 }).type).toBe('authentication');
    expect(classifyError({ response: { status: 502 } }).type).toBe('server');
    expect(classifyError({ statusCode: '403' }).userMessage).toBe(USER_MESSAGES.forbidden);
  });

  it('classifies timeouts, validation, unsupported features and permissions', () => {
    expect(classifyError(new TimeoutError())).toMatchObject({ type: 'timeout', userMessage: USER_MESSAGES.timeout, retryable: true });
    expect(classifyError(new ValidationError('name too long'))).toMatchObject({ type: 'validation', userMessage: USER_MESSAGES.validation });
    expect(classifyError(new UnsupportedFeatureError('camera'))).toMatchObject({ type: 'android_feature', userMessage: USER_MESSAGES.unsupported });
    expect(classifyError(new DOMException('denied', 'NotAllowedError'))).toMatchObject({ type: 'permission', userMessage: USER_MESSAGES.permission });
  });

  it('treats failed fetches and failed remote loads as network problems worth retrying', () => {
    expect(classifyError(new TypeError('Failed to fetch'))).toMatchObject({ type: 'network', retryable: true, userMessage: USER_MESSAGES.default });
    expect(classifyError(new RemoteLoadError('documents', new Error('ScriptExternalLoadError')))).toMatchObject({ type: 'network', retryable: true });
  });

  it('says the device is offline when it is', () => {
    setOnline(false);
    expect(classifyError(new TypeError('Failed to fetch')).userMessage).toBe(USER_MESSAGES.offline);
    expect(classifyError(new OfflineError()).type).toBe('offline');
  });

  it('never lets a raw message through as the user message, and refuses to retry a contract mismatch', () => {
    const classified = classifyError(new Error('TypeError: cannot read properties of undefined (reading "x")'));
    expect(classified).toMatchObject({ type: 'unknown', userMessage: USER_MESSAGES.default });
    expect(classifyError(new ContractVersionError('documents', '1.0.0', '2.0.0')).retryable).toBe(false);
    expect(classifyError('just a string').userMessage).toBe(USER_MESSAGES.default);
  });

  it('records a timestamp and the context', () => {
    const classified = classifyError(new HttpError(500), { area: 'documents' });
    expect(new Date(classified.timestamp).toString()).not.toBe('Invalid Date');
    expect(classified.context).toEqual({ area: 'documents' });
  });
});

describe('errorScreenTitle (SPEC §8)', () => {
  it.each([
    ['offline', ERROR_SCREEN_TITLES.offline],
    ['authentication', ERROR_SCREEN_TITLES.authentication],
    ['permission', ERROR_SCREEN_TITLES.permission],
    ['server', ERROR_SCREEN_TITLES.server],
    ['android_feature', ERROR_SCREEN_TITLES.androidFeature],
    ['validation', ERROR_SCREEN_TITLES.default],
    ['unknown', ERROR_SCREEN_TITLES.default],
  ] as const)('%s → %s', (type, title) => {
    expect(errorScreenTitle({ type })).toBe(title);
  });

  it("network: 'Connection Problem' online, 'No Internet Connection' offline", () => {
    expect(errorScreenTitle({ type: 'network' }, true)).toBe(ERROR_SCREEN_TITLES.network);
    expect(errorScreenTitle({ type: 'network' }, false)).toBe(ERROR_SCREEN_TITLES.noInternet);
  });
});
