import { Logger, type ArgumentsHost } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { AllExceptionsFilter } from './all-exceptions.filter';

function hostFor(status: jest.Mock, json: jest.Mock): ArgumentsHost {
  const response = { headersSent: false, status, json, setHeader: jest.fn(), removeHeader: jest.fn() };
  status.mockReturnValue(response);
  const request = { method: 'POST', originalUrl: '/backend/api/users.php', id: 'req-1' };
  return {
    switchToHttp: () => ({ getResponse: () => response, getRequest: () => request }),
  } as unknown as ArgumentsHost;
}

describe('AllExceptionsFilter', () => {
  afterEach(() => jest.restoreAllMocks());

  it('logs a failed query without its SQL or parameters (a password hash, a message) and answers a bare 500', () => {
    const logged: unknown[] = [];
    jest.spyOn(Logger.prototype, 'error').mockImplementation((message: unknown) => {
      logged.push(message);
    });
    const failure = new QueryFailedError(
      'INSERT INTO users (email, password) VALUES ($1, $2)',
      ['ann@test.example', '$argon2id$v=19$m=19456,t=2,p=1$secret-hash'],
      Object.assign(new Error('something unexpected'), { code: 'XX000' }),
    );
    const status = jest.fn();
    const json = jest.fn();
    new AllExceptionsFilter().catch(failure, hostFor(status, json));

    expect(status).toHaveBeenCalledWith(500);
    expect(json).toHaveBeenCalledWith({ error: 'Internal server error', requestId: 'req-1' });
    const text = JSON.stringify(logged);
    expect(text).toContain('something unexpected');
    expect(text).not.toContain('secret-hash');
    expect(text).not.toContain('ann@test.example');
    expect(text).not.toContain('INSERT INTO');
  });
});
