import { QueryText } from '../../common/query-fields';

export class DeleteVersionQuery {
  @QueryText({ description: 'The updated_at the admin saw: a delete of a changed record answers 409' })
  updated_at?: string;
}
