import { ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * A whole-number year from `min` to a maximum computed at validation time (the current year plus n), so the bound
 * moves with the calendar without a restart.
 */
export function IsYearBetween(
  min: number,
  max: () => number,
  message: (max: number) => string,
  options?: ValidationOptions,
): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isYearBetween',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max(),
        defaultMessage: () => message(max()),
      },
    },
    options,
  );
}
