import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { EditVersion, type ExpectedVersion } from '../common/edit-version';
import { Auth } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { IdQuery, OptionalIdQuery } from '../common/query-fields';
import { validateInto } from '../common/validation';
import { ApiData, ApiDataOneOrList, ApiSuccess } from '../openapi/responses';
import { ResetPasswordDto } from './dto/password-fields';
import { CreateUserDto, UpdateUserDto } from './dto/user.dto';
import { UserView } from './user.view';
import { UsersService } from './users.service';

/** /users.php: admins only. */
@ApiTags('users')
@Controller('users.php')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @ApiOperation({ summary: 'List users, or one with ?id=' })
  @ApiDataOneOrList(UserView)
  @Get()
  async read(@Query() { id }: OptionalIdQuery) {
    return { data: id !== undefined ? await this.users.findById(id) : await this.users.list() };
  }

  @ApiOperation({ summary: 'Create a user' })
  @ApiData(UserView, { status: 201 })
  @Post()
  async create(@Auth() user: AuthUser, @Body() dto: CreateUserDto) {
    return { data: await this.users.create(user, dto) };
  }

  @ApiOperation({
    summary:
      "Update a user (?id=): name, email, role, status. A body of only password + confirmPassword (the console's Reset password action) sets another user's password instead and signs them out everywhere.",
  })
  @ApiData(UserView)
  @ApiBody({ schema: { oneOf: [{ $ref: getSchemaPath(UpdateUserDto) }, { $ref: getSchemaPath(ResetPasswordDto) }] } })
  @ApiExtraModels(UpdateUserDto, ResetPasswordDto)
  @Put()
  async update(
    @Auth() user: AuthUser,
    @Query() { id: target }: IdQuery,
    @Body() body: unknown,
    @EditVersion() expected: ExpectedVersion,
  ) {
    if (isPasswordReset(body)) {
      return { data: await this.users.resetPassword(user, target, validateInto(ResetPasswordDto, body)) };
    }
    return { data: await this.users.update(user, target, validateInto(UpdateUserDto, body), expected) };
  }

  @ApiOperation({ summary: 'Delete a user (?id=)' })
  @ApiSuccess()
  @Delete()
  async remove(@Auth() user: AuthUser, @Query() { id }: IdQuery) {
    await this.users.remove(user, id);
    return { success: true };
  }
}

/** The Reset password action sends a password and no profile fields; the spec's edit form never sends a password. */
function isPasswordReset(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  return b.password !== undefined && b.name === undefined && b.email === undefined;
}
