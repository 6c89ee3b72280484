import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, ValidateBy, type ValidationArguments } from 'class-validator';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLengthProblem, passwordProblem } from '../password-policy';

const accountWords = (args: ValidationArguments): string[] => {
  const object = args.object as { name?: unknown; email?: unknown };
  return [object.name, object.email].filter((v): v is string => typeof v === 'string');
};

/** The last verdict per validated object, so that a refused password is scored once, not again for its message. */
const verdicts = new WeakMap<object, string | null>();

/**
 * A password being set (new user, reset, change): present, then neither blank nor too short or long nor common or
 * easy to guess (see passwordProblem; the form's name and email count as easy to guess).
 */
export function NewPassword(requiredMessage: string): PropertyDecorator {
  // applyDecorators applies in list order; the rule applied last is the one reported first (see toFieldErrors).
  return applyDecorators(
    ValidateBy(
      {
        name: 'acceptablePassword',
        validator: {
          validate: (value, args) => {
            const problem = passwordProblem(value, args ? accountWords(args) : []);
            if (args) verdicts.set(args.object, problem);
            return problem === null;
          },
        },
      },
      { message: (args) => verdicts.get(args.object) ?? passwordProblem(args.value, accountWords(args)) ?? '' },
    ),
    IsNotEmpty({ message: requiredMessage }),
    IsString({ message: requiredMessage }),
    ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, format: 'password' }),
  );
}

/**
 * A password chosen for an account that is only known after a check of its own (the first admin's setup link):
 * present and of a possible length here; its strength is judged by the service once the link is known to be good.
 */
export function PasswordOfPossibleLength(requiredMessage: string): PropertyDecorator {
  return applyDecorators(
    ValidateBy(
      { name: 'possiblePasswordLength', validator: { validate: (value) => passwordLengthProblem(value) === null } },
      { message: (args) => passwordLengthProblem(args.value) ?? '' },
    ),
    IsNotEmpty({ message: requiredMessage }),
    IsString({ message: requiredMessage }),
    ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, format: 'password' }),
  );
}

/** The repeated password: equal to `password`. */
export function ConfirmsPassword(): PropertyDecorator {
  return applyDecorators(
    ValidateBy(
      {
        name: 'matchesPassword',
        validator: { validate: (value, args) => value === (args?.object as { password?: unknown }).password },
      },
      { message: 'Passwords do not match' },
    ),
    ApiProperty({ format: 'password' }),
  );
}

/** PUT /users.php?id= from the console's "Reset password" action (an admin sets another user's password). */
export class ResetPasswordDto {
  @NewPassword('Password is required')
  password!: string;

  @ConfirmsPassword()
  confirmPassword!: string;
}
